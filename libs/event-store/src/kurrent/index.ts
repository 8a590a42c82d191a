// The KurrentDB adapter (ADR 0032), a subpath of its own (`@academy/event-store/kurrent`): it loads
// @eventstore/db-client and gRPC, a slow part of a process start, so only a process whose
// EVENTSTORE_URL names a server imports it (libs/backend's openEventStore, by dynamic import).
export { KurrentEventStore, createKurrentEventStore, type KurrentEventStoreOptions } from './kurrent-event-store.js';
export { EventStoreUnavailableError } from './mapping.js';
