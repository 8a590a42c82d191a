// Test source for adapter factories of the contract suite (event-store.contract.test.ts): the
// harness every factory builds the same way around its own store constructor and storage.
import type { EventStore } from '../port.js';
import type { ContractHarness, ContractStoreOptions, TamperHooks } from './event-store.contract.test.js';

/**
 * A harness over stores that `open` makes on one fresh storage, the first with `options`, the others
 * by reopen; cleanup closes them all, then `dropStorage` removes the storage.
 */
export async function harnessOver(
  open: (options: ContractStoreOptions) => Promise<EventStore>,
  options: ContractStoreOptions,
  dropStorage: () => Promise<void>,
  tamper?: TamperHooks,
): Promise<ContractHarness> {
  const store = await open(options);
  const others: EventStore[] = [];
  return {
    store,
    async reopen(o) {
      const s = await open(o);
      others.push(s);
      return s;
    },
    tamper,
    async cleanup() {
      await Promise.all([store, ...others].map((s) => s.close()));
      await dropStorage();
    },
  };
}
