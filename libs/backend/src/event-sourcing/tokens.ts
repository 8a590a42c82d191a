/** Injection tokens of the event-sourcing platform (one of each per process). */
export const PG_POOL = Symbol('PgPool');
export const EVENT_STORE = Symbol('EventStore');
export const CONSISTENCY_WAITER = Symbol('ConsistencyWaiter');
