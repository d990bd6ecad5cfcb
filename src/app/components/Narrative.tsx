/** The lab's README, rendered with react-markdown (no raw HTML). */
import Markdown from 'react-markdown';

export function Narrative({ markdown }: { markdown: string }) {
  return (
    <details className="panel narrative" open>
      <summary>Read me</summary>
      <div className="markdown" data-testid="narrative"><Markdown>{markdown}</Markdown></div>
    </details>
  );
}
