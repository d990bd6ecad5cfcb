// worker_threads entry of the CLI's search pool: the worker is TypeScript, so it loads under
// tsx's loader (registered here, in the worker: a worker does not inherit the CLI's).
import { register } from 'tsx/esm/api';

register();
await import('./exploreThread.ts');
