/**
 * Where `World.create` finds a model when its caller names one only by id (`config.model`).
 *
 * The registry of every model lives above the engine (`src/lab/models.ts`): it imports each
 * model's code, and the engine must not import upwards. The registry hands its lookup down
 * here when it is loaded, so any program that has loaded it — the app's lab loader, the
 * CLIs, the pool workers, the test setup — can create Worlds by id. A caller that loads one
 * model lazily passes it instead (`World.create(config, { model })`) and needs no registry.
 */
import type { Model } from './model';

let lookup: ((id: string) => Model) | null = null;

/** Called once by the registry when it loads. */
export function provideModels(byId: (id: string) => Model): void {
  lookup = byId;
}

/** The model named `id`, from the registry; a clear error when no registry was loaded. */
export function modelById(id: string): Model {
  if (!lookup) {
    throw new Error(`no model registry is loaded to find model '${id}': import src/lab/models (every model) or pass { model } to World.create`);
  }
  return lookup(id);
}
