/**
 * L06's two models (route.ts picks one by the `executor` switch): the same refund, shop,
 * provider and SPEC 9.9 faults under the hand-written executor (`matrix` = the refund
 * model) or under LangGraph.js (`matrix_langgraph` = the workflow model). Both offer the
 * same switch list — the executor switch, then each executor's own design switches — so a
 * switch chosen under one executor is still a valid setting when the learner flips to the
 * other (it simply does not apply there).
 */
import type { Model, SwitchSpec } from '../../model';
import { refundModel } from '../refund';
import { workflowModel } from '../workflow';
import { EXECUTOR_SWITCH_KEY } from './route';

export const EXECUTOR_SWITCH: SwitchSpec = {
  key: EXECUTOR_SWITCH_KEY,
  label: 'Executor',
  // Neither is the "right" one: the lab compares them under the same faults.
  options: [
    { value: 'handwritten', label: 'hand-written executor' },
    { value: 'langgraph', label: 'LangGraph.js graph' },
  ],
  default: 'handwritten',
};

/** The executor, then the hand-written executor's switches, then LangGraph's (`recovery`). */
const MATRIX_SWITCHES: SwitchSpec[] = [EXECUTOR_SWITCH, ...refundModel.switches, ...workflowModel.switches];

export const matrixModel = { ...refundModel, id: 'matrix', switches: MATRIX_SWITCHES } as typeof refundModel;
export const matrixLangGraphModel = { ...workflowModel, id: 'matrix_langgraph', switches: MATRIX_SWITCHES } as typeof workflowModel;

export const MATRIX_MODELS: Readonly<Record<string, Model>> = {
  matrix: matrixModel as unknown as Model,
  matrix_langgraph: matrixLangGraphModel as unknown as Model,
};
