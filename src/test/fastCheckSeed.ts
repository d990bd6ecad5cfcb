/**
 * Every property test runs the same schedules on every run: fast-check's seed is fixed, so a
 * test run is deterministic like the simulator it checks (a vacuity bound such as "more than
 * 200 commands accepted" cannot fail on one unlucky draw). `FC_SEED=<n>` explores other
 * schedules by hand; a failure prints the seed and path that reproduce it.
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_202) });
