/**
 * The registry of protocol models a lab can name in `lab.json` (`"model": "fencing"`).
 */
import { registered, type Model } from '../model';
import { authorityModel } from './authority';
import { fencingModel } from './fencing';
import { refundModel } from './refund';
import { compensationModel } from './compensation';
import { projectionModel } from './projection';
import { outageModel } from './outage';
import { workflowModel } from './workflow';
import { MATRIX_MODELS } from './matrix';

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
