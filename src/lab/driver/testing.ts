/**
 * Vitest glue for the driver: `useLabs()` opens labs by id from disk and disposes every one
 * after each test, so a test body is one chain with no cleanup of its own. (Not imported
 * by the driver itself, which stays free of any test framework.)
 */
import { afterEach } from 'vitest';
import type { WorldOverrides } from '../config';
import type { LabDriver } from './index';
import { openLab } from './node';

/** A function opening lab `id` at its start (with `start`'s switches / starting state laid over). */
export function useLabs(): (id: string, start?: WorldOverrides) => LabDriver {
  const opened: LabDriver[] = [];
  // A chain the test did not await still runs to its end here, and fails the test if a call did.
  afterEach(async () => {
    const drivers = opened.splice(0);
    const settled = await Promise.allSettled(drivers.map((driver) => driver.dispose()));
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
  });
  return (id, start) => {
    const driver = openLab(id, start);
    opened.push(driver);
    return driver;
  };
}
