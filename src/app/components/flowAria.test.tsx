// @vitest-environment happy-dom
/**
 * The diagrams' screen-reader texts come from the page's language and describe a read-only
 * picture, not React Flow's English instructions for selecting and moving nodes.
 */
import { defaultAriaLabelConfig } from '@xyflow/system';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../lab/i18n/locales';
import { ALL_RESOURCES } from '../i18n/allResources';
import { createLabI18n } from '../i18n/instance';
import { pageTextOf } from '../i18n/pageText';
import { FlowDiagram } from './FlowDiagram';
import { flowAriaLabels } from './flowAria';

// The store carries the catalog and the lab index; the diagram only asks it whether the page presents.
vi.mock('../store', () => ({ useApp: (select: (s: unknown) => unknown) => select({}), selectRoute: () => ({ page: 'lab', present: false }) }));
vi.mock('../labIndex', () => ({ LAB_INDEX: [], addIndexTranslations: () => undefined }));

const words = (locale: (typeof LOCALES)[number]) => {
  const i18n = createLabI18n(locale, { resources: ALL_RESOURCES });
  const { filled } = pageTextOf(i18n);
  return { i18n, labels: flowAriaLabels((key) => filled(key)({})) };
};

describe('flowAriaLabels', () => {
  it.each(LOCALES)('%s: every text React Flow reads out is the catalog\'s, none is its English default', (locale) => {
    const { i18n, labels } = words(locale);
    expect(Object.keys(labels).sort()).toEqual(Object.keys(defaultAriaLabelConfig).sort());
    expect(labels['node.a11yDescription.default']).toBe(i18n.t('flow.aria.node'));
    expect(labels['edge.a11yDescription.default']).toBe(i18n.t('flow.aria.edge'));
    expect(labels['node.a11yDescription.ariaLiveMessage']({ direction: 'up', x: 1, y: 2 })).toBe(i18n.t('flow.aria.moved'));
    for (const [key, text] of Object.entries(labels)) {
      const shown = typeof text === 'function' ? text({ direction: 'up', x: 1, y: 2 }) : text;
      const fallback = (defaultAriaLabelConfig as Record<string, unknown>)[key];
      expect(shown, key).not.toBe(typeof fallback === 'function' ? (fallback as (p: object) => string)({ direction: 'up', x: 1, y: 2 }) : fallback);
      expect(shown, key).not.toMatch(/select|drag|arrow keys|enter or space/i);
    }
  });

  it('ja, zh-Hans and zh-Hant are not English', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      for (const text of Object.values(words(locale).labels)) {
        expect(typeof text === 'function' ? text({ direction: 'up', x: 0, y: 0 }) : text).not.toMatch(/[A-Za-z]{2,} [A-Za-z]{2,}/);
      }
    }
  });
});

describe('FlowDiagram', () => {
  it.each(LOCALES)('%s: hands React Flow the page\'s language', async (locale) => {
    const { i18n } = words(locale);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const box = document.createElement('div');
    document.body.append(box);
    const root = createRoot(box);
    await act(async () => root.render(createElement(I18nextProvider, { i18n },
      createElement(FlowDiagram, { nodes: [{ id: 'a', position: { x: 0, y: 0 }, data: {} }], edges: [], nodeTypes: {}, structure: 'a', bounds: { width: 100, height: 100 } }))));
    const html = box.innerHTML;
    act(() => root.unmount());
    box.remove();
    expect(html).toContain(i18n.t('flow.aria.node'));
    expect(html).toContain(i18n.t('flow.aria.edge'));
    expect(html).not.toContain(defaultAriaLabelConfig['node.a11yDescription.default']);
  });
});
