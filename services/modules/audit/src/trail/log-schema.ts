import { type EventStore, PostgresEventStore } from '@academy/event-store';

/** The PostgreSQL schema of the log: the Event log's search is SQL over the adapter's own table. */
export function logSchema(store: EventStore): string {
  if (!(store instanceof PostgresEventStore)) throw new Error('the audit Event log needs the PostgreSQL event store');
  return store.schema;
}
