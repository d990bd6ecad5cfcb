/**
 * The lab's README, rendered with react-markdown and GitHub-flavoured tables (no raw HTML).
 * Memoised on the text: stepping never re-parses it.
 */
import { memo } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

const TEXT = { summary: 'Read me', region: 'Lab narrative' };
const PLUGINS = [remarkGfm];

export const Narrative = memo(function Narrative({ markdown }: { markdown: string }) {
  return (
    <details className="panel narrative" open>
      <summary>{TEXT.summary}</summary>
      {/* Focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      <div className="markdown" data-testid="narrative" tabIndex={0} role="region" aria-label={TEXT.region}>
        <Markdown remarkPlugins={PLUGINS}>{markdown}</Markdown>
      </div>
    </details>
  );
});
