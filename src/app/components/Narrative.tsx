/**
 * The lab's README, rendered with react-markdown and GitHub-flavoured tables (no raw HTML).
 * Memoised on the text: stepping never re-parses it.
 */
import { useTranslation } from 'react-i18next';
import { memo } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { labUrlTransform } from '../markdownUrls';


const PLUGINS = [remarkGfm];

/**
 * HTML comments are markers for tools (`<!-- compare:start -->` in L05/L06, kept in step by
 * scripts/compare.ts); with raw HTML off, react-markdown would print them as text.
 */
const withoutComments = (markdown: string) => markdown.replace(/<!--[\s\S]*?-->/g, '');

export const Narrative = memo(function Narrative({ markdown }: { markdown: string }) {
  const { t } = useTranslation();
  const TEXT = { summary: t('narrative.summary'), region: t('narrative.region') };
  return (
    <details className="panel narrative" open>
      <summary>{TEXT.summary}</summary>
      {/* Focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      <div className="markdown" data-testid="narrative" tabIndex={0} role="region" aria-label={TEXT.region}>
        <Markdown remarkPlugins={PLUGINS} urlTransform={labUrlTransform}>{withoutComments(markdown)}</Markdown>
      </div>
    </details>
  );
});
