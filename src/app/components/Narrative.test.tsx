// @vitest-environment happy-dom
/**
 * A lab's README renders GitHub-flavoured markdown: L07's tables come out as <table>, not
 * as the pipes and dashes of their source. (That the lab page shows its own README in this
 * panel is checked in the browser: e2e/l07.spec.ts, "the catalog opens L07".)
 */
import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_RESOURCES } from '../i18n/allResources';
import { createLabI18n } from '../i18n/instance';
import { Narrative } from './Narrative';

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
