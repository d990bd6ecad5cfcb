// @vitest-environment happy-dom
/**
 * A lab's README renders GitHub-flavoured markdown: L07's tables come out as <table>, not
 * as the pipes and dashes of their source. (That the lab page shows its own README in this
 * panel is checked in the browser: e2e/l07.spec.ts, "the catalog opens L07".)
 *
 * The README drawn in parts (one react-markdown call per heading's section, so a background
 * render can yield between them) is the README drawn whole: same markup, every lab, every
 * language.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_RESOURCES } from '../i18n/allResources';
import { createLabI18n } from '../i18n/instance';
import { markdownParts, MarkdownParts, Narrative, WholeMarkdown } from './Narrative';

// The catalog's index (a build-time module) is not needed to render a README.
vi.mock('virtual:lab-index', () => ({ default: [] }));

afterEach(cleanup);

describe('the narrative panel', () => {
  it('renders the markdown tables of L07\'s README as tables', () => {
    const readme = readFileSync('labs/L07/README.md', 'utf8');
    expect(readme).toMatch(/^\|[- :|]+\|$/m); // the source has a GFM table
    render(<I18nextProvider i18n={createLabI18n('en', { resources: ALL_RESOURCES })}><Narrative markdown={readme} /></I18nextProvider>);
    const narrative = screen.getByTestId('narrative');
    expect(narrative.querySelectorAll('table').length).toBeGreaterThan(0);
    expect(narrative.querySelector('table th')?.textContent).not.toBe('');
    expect(narrative.textContent).not.toContain('|---');
  });
});

const LABS = join(__dirname, '..', '..', '..', 'labs');
const readmes = readdirSync(LABS).filter((d) => /^L\d+$/.test(d)).flatMap((lab) =>
  readdirSync(join(LABS, lab)).filter((f) => /^README(\.[\w-]+)?\.md$/.test(f)).map((f) => join(LABS, lab, f)));

describe('MarkdownParts', () => {
  it('finds the READMEs', () => expect(readmes.length).toBeGreaterThanOrEqual(14));

  it.each(readmes)('%s renders as the whole README does', (file) => {
    const markdown = readFileSync(file, 'utf8');
    expect(markdownParts(markdown).length).toBeGreaterThan(1);
    expect(renderToStaticMarkup(<MarkdownParts markdown={markdown} />)).toBe(renderToStaticMarkup(<WholeMarkdown markdown={markdown} />));
  });

  it('cuts before headings, not inside fenced code or a paragraph', () => {
    const text = '# A\n\ntext\n\n```\n\n# not a cut\n```\n\n## B\nline\n#C\n\n~~~~\n\n# no\n~~~\n\n# still no\n~~~~\n\n### D';
    expect(markdownParts(text)).toEqual(['# A\n\ntext\n\n```\n\n# not a cut\n```\n', '## B\nline\n#C\n\n~~~~\n\n# no\n~~~\n\n# still no\n~~~~\n', '### D']);
  });
});
