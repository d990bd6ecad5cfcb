/**
 * The broken accept of `transaction: per_write` (design.ts): the same store, but every
 * write commits on its own and `tx` opens no transaction — so a crash between two writes
 * of one accept leaves the earlier ones visible. Only the labs' broken design uses it.
 */
import type { Store } from '../db/store';

export function autocommit(store: Store): Store {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'tx') return <T>(_name: string, body: () => T): T => body();
      if (prop === 'write') return (sqlText: string, params?: Parameters<Store['write']>[1]) => target.tx('accept.write', () => target.write(sqlText, params));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
