// Outgoing calls (ARCHITECTURE.md §7b', ADR 0039): one guarded client, configured per purpose.
import type { AppConfig } from '../config.js';
import { type OutgoingPolicy } from './outgoing-client.js';

export { isLoopback, refusedAddress } from './addresses.js';
export { type TestRoute } from './outgoing-config.js';
export {
  OutgoingClient,
  OutgoingRefused,
  OutgoingUnreachable,
  OUTGOING_MAX_BYTES,
  OUTGOING_TIMEOUT_MS,
  type OutgoingAnswer,
  type OutgoingPolicy,
  type OutgoingRequest,
  type RefusalReason,
  type Resolve,
  type ResolvedAddress,
} from './outgoing-client.js';

/** A purpose's policy from the configuration: its allow-list, and the test-only routes when set. */
export function outgoingPolicy(config: Pick<AppConfig, 'OUTGOING_TEST_HOSTS'>, hosts: readonly string[]): OutgoingPolicy {
  return { hosts, ...(config.OUTGOING_TEST_HOSTS ? { testRoutes: config.OUTGOING_TEST_HOSTS } : {}) };
}
