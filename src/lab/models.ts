/**
 * The registry of protocol models a lab can name in `lab.json` (`"model": "fencing"`): every
 * model's code, loaded at once (tests, CLIs, pool workers, the app's lab loader). Loading it
 * hands its lookup to the engine, so `World.create(config)` finds a model by id
 * (src/sim/modelSource.ts). Lazy callers use `src/sim/models/lazy.ts` and pass the model.
 */
import { registered, type Model } from '../sim/model';
import { provideModels } from '../sim/modelSource';
import { authorityModel } from '../sim/models/authority';
import { fencingModel } from '../sim/models/fencing';
import { refundModel } from '../sim/models/refund';
import { compensationModel } from '../sim/models/compensation';
import { projectionModel } from '../sim/models/projection';
import { outageModel } from '../sim/models/outage';
import { workflowModel } from '../sim/models/workflow';
import { MATRIX_MODELS } from '../sim/models/matrix';

const MODELS: Record<string, Model> = {
  fencing: registered(fencingModel),
  authority: registered(authorityModel),
  refund: registered(refundModel),
  compensation: registered(compensationModel),
  projection: registered(projectionModel),
  outage: registered(outageModel),
  workflow: registered(workflowModel),
  ...MATRIX_MODELS,
};

export function getModel(id: string): Model {
  const model = MODELS[id];
  if (!model) throw new Error(`unknown model '${id}' (known: ${modelIds().join(', ')})`);
  return model;
}

export function hasModel(id: string): boolean {
  return id in MODELS;
}

export function modelIds(): string[] {
  return Object.keys(MODELS).sort();
}

provideModels(getModel);
