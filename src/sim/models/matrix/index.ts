/**
 * L06's two models (route.ts picks one by the `executor` switch): the same refund, shop,
 * provider and SPEC 9.9 faults under the hand-written executor (`matrix` = the refund
 * model) or under LangGraph.js (`matrix_langgraph` = the workflow model). Both offer the
 * same switch list — the executor switch, then each executor's own design switches — so a
 * switch chosen under one executor is still a valid setting when the learner flips to the
 * other (it simply does not apply there).
 */
import { logRefundRequest, refundRequestCount, REQUEST_LOG_SCHEMA } from '../../../core/workflow/requestLog';
import { registered, type Model, type SwitchSpec } from '../../model';
import { refundModel } from '../refund';
import { parseRefundAction } from '../refund/actions';
import { workflowModel } from '../workflow';
import { parseWorkflowAction } from '../workflow/actions';
import { EXECUTOR_SWITCH_KEY } from './route';
import { parseWithin } from './vocabulary';

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

const PROVIDER = 'provider';

/**
 * An action of the other executor is refused with the executor that has it (vocabulary.ts).
 * The LangGraph half also logs each refund request as it reaches the provider
 * (`refund_requests`): with the ledger it shows a repeated send the business key deduped.
 */
export const matrixModel = {
  ...refundModel, id: 'matrix', switches: MATRIX_SWITCHES,
  parseAction: parseWithin(parseRefundAction, parseWorkflowAction, 'langgraph'),
} as typeof refundModel;
export const matrixLangGraphModel = {
  ...workflowModel, id: 'matrix_langgraph', switches: MATRIX_SWITCHES,
  parseAction: parseWithin(parseWorkflowAction, parseRefundAction, 'handwritten'),
  nodes: (switches) => workflowModel.nodes(switches).map((n) => (n.id === PROVIDER ? { ...n, schema: n.schema + REQUEST_LOG_SCHEMA } : n)),
  receive(ctx, frame) {
    if (frame.to === PROVIDER && frame.kind === 'lg_refund_request') {
      const body = frame.body as { operationId?: unknown; idemKey?: unknown };
      logRefundRequest(ctx.store(PROVIDER), ctx.clock, { sender: frame.from, operationId: String(body.operationId), idemKey: typeof body.idemKey === 'string' ? body.idemKey : null });
    }
    workflowModel.receive(ctx, frame);
  },
  observe: (ctx) => ({ ...workflowModel.observe(ctx), refund_requests: refundRequestCount(ctx.store(PROVIDER)) }),
} as typeof workflowModel;

export const MATRIX_MODELS: Readonly<Record<string, Model>> = {
  matrix: registered(matrixModel),
  matrix_langgraph: registered(matrixLangGraphModel),
};
