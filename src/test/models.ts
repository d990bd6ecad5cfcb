/**
 * Tests create Worlds by model id, as the CLIs and the app do: the registry of every model is
 * loaded first (it hands its lookup to the engine — src/sim/modelSource.ts).
 */
import '../lab/models';
