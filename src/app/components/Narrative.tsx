/**
 * The lab's README, rendered with react-markdown and GitHub-flavoured tables (no raw HTML).
 * Memoised on the text: stepping never re-parses it.
 */
import { useTranslation } from 'react-i18next';
import { Fragment, memo, useMemo } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { labUrlTransform } from '../markdownUrls';


const PLUGINS = [remarkGfm];

/**
 * HTML comments are markers for tools (`<!-- compare:start -->` in L05/L06, kept in step by
 * scripts/compare.ts); with raw HTML off, react-markdown would print them as text.
 */
const withoutComments = (markdown: string) => markdown.replace(/<!--[\s\S]*?-->/g, '');

/**
 * The README cut before each heading at the start of a line (outside fenced code and after a
 * blank line, where a heading always starts a block): each part is parsed by its own
 * component, so the lab's first render, a background one (LabPage), can yield to the browser
 * between parts instead of parsing the whole README in one go (≈ 100 ms for L07's). The
 * READMEs use no reference-style links or footnotes, the only markdown that reaches across
 * headings. Between parts goes the newline react-markdown puts between any two blocks, so
 * the DOM is the one the whole README gives.
 */
export function markdownParts(markdown: string): string[] {
  const parts: string[] = [];
  const lines = markdown.split('\n');
  let start = 0;
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence === null) {
      const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (opening) { fence = opening; continue; }
    } else {
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length) fence = null;
      continue;
    }
    // (a part of blank lines alone, such as a removed comment's, would add a newline of its own)
    if (/^#{1,6}(\s|$)/.test(line) && lines[i - 1]?.trim() === '' && lines.slice(start, i).some((l) => l.trim() !== '')) {
      parts.push(lines.slice(start, i).join('\n'));
      start = i;
    }
  }
  parts.push(lines.slice(start).join('\n'));
  return parts;
}

const Part = memo(function Part({ markdown }: { markdown: string }) {
  return <Markdown remarkPlugins={PLUGINS} urlTransform={labUrlTransform}>{markdown}</Markdown>;
});

/** A README as its parts (`markdownParts`), each its own memoised component. */
export function MarkdownParts({ markdown }: { markdown: string }) {
  const parts = useMemo(() => markdownParts(withoutComments(markdown)), [markdown]);
  return parts.map((part, i) => <Fragment key={i}>{i > 0 && '\n'}<Part markdown={part} /></Fragment>);
}

/** The README in one react-markdown call: what `MarkdownParts` must render the same as (Narrative.test.tsx). */
export function WholeMarkdown({ markdown }: { markdown: string }) {
  return <Part markdown={withoutComments(markdown)} />;
}

export const Narrative = memo(function Narrative({ markdown }: { markdown: string }) {
  const { t } = useTranslation();
  const TEXT = { summary: t('narrative.summary'), region: t('narrative.region') };
  return (
    <details className="panel narrative" open>
      <summary>{TEXT.summary}</summary>
      {/* Focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      <div className="markdown" data-testid="narrative" tabIndex={0} role="region" aria-label={TEXT.region}>
        <MarkdownParts markdown={markdown} />
      </div>
    </details>
  );
});
