/** Extra panels a lab's model brings to the lab view (e.g. L09's command composer). */
import type { ComponentType } from 'react';
import { CommandComposer } from './CommandComposer';
import { LangGraphPanel } from './LangGraphPanel';
import { TwoWorldsPanel } from './TwoWorldsPanel';

export const LAB_PANELS: Record<string, ComponentType[]> = {
  authority: [CommandComposer],
  refund: [TwoWorldsPanel],
  // L06: the LangGraph panel shows itself only under the LangGraph executor (the view has an engine thread then).
  matrix: [TwoWorldsPanel, LangGraphPanel],
  workflow: [LangGraphPanel],
};
