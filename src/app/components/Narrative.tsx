/**
 * The lab's README, rendered with react-markdown and GitHub-flavoured tables (no raw HTML).
 * Memoised on the text: stepping never re-parses it.
 */
import { useTranslation } from 'react-i18next';
import { memo } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';


const PLUGINS = [remarkGfm];

export const Narrative = memo(function Narrative({ markdown }: { markdown: string }) {
  const { t } = useTranslation();
  const TEXT = { summary: t('narrative.summary'), region: t('narrative.region') };
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
