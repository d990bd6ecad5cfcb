/**
 * React Flow's screen-reader texts (`ariaLabelConfig`) in the page's language. Its own
 * defaults are English and explain how to select, move and connect nodes, which these
 * diagrams never allow: here they say what the diagram is — a read-only picture of the lab.
 */
import type { AriaLabelConfig } from '@xyflow/react';
import type { AppKey } from '../i18n/appStrings';

export function flowAriaLabels(t: (key: AppKey) => string): AriaLabelConfig {
  const node = t('flow.aria.node');
  const moved = t('flow.aria.moved');
  return {
    'node.a11yDescription.default': node,
    'node.a11yDescription.keyboardDisabled': node,
    'node.a11yDescription.ariaLiveMessage': () => moved,
    'edge.a11yDescription.default': t('flow.aria.edge'),
    'controls.ariaLabel': t('flow.aria.controls'),
    'controls.zoomIn.ariaLabel': t('flow.aria.zoomIn'),
    'controls.zoomOut.ariaLabel': t('flow.aria.zoomOut'),
    'controls.fitView.ariaLabel': t('flow.aria.fitView'),
    'controls.interactive.ariaLabel': moved,
    'minimap.ariaLabel': t('flow.aria.minimap'),
    'handle.ariaLabel': t('flow.aria.handle'),
  };
}
