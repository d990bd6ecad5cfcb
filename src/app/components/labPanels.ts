/** Extra panels a lab's model brings to the lab view (e.g. L09's command composer). */
import type { ComponentType } from 'react';
import { CommandComposer } from './CommandComposer';
import { TwoWorldsPanel } from './TwoWorldsPanel';

export const LAB_PANELS: Record<string, ComponentType[]> = {
  authority: [CommandComposer],
  refund: [TwoWorldsPanel],
  matrix: [TwoWorldsPanel],
};
