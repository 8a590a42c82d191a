// Which adapter holds the event log (ADR 0032): PostgreSQL unless EVENTSTORE_URL names a KurrentDB /
// EventStoreDB server. Either way the subject keys live in DATABASE_URL (crypto-shredding must be
// able to destroy them), and so do checkpoints and read models.
import type pg from 'pg';
import { createPostgresEventStore, type EventSchemas, type EventStore } from '@academy/event-store';
import type { AppConfig } from '../config.js';

export interface OpenedEventStore {
  store: EventStore;
  /** 'postgres' or 'kurrentdb': for the start-up line and the commands that need one of them. */
  adapter: 'postgres' | 'kurrentdb';
  /** Closes the store, then the KurrentDB client when there is one (the pool belongs to the caller). */
  close(): Promise<void>;
}

export async function openEventStore(
  config: Pick<AppConfig, 'EVENTSTORE_URL'>,
  deps: { pool: pg.Pool; masterKey: Buffer; schemas?: EventSchemas },
): Promise<OpenedEventStore> {
  if (!config.EVENTSTORE_URL) {
    const store = await createPostgresEventStore(deps);
    return { store, adapter: 'postgres', close: () => store.close() };
  }
  // Loaded only here: the client and gRPC would slow every other process start.
  const { EventStoreDBClient } = await import('@eventstore/db-client');
  const { createKurrentEventStore } = await import('@academy/event-store/kurrent');
  const client = EventStoreDBClient.connectionString(config.EVENTSTORE_URL);
  try {
    const store = await createKurrentEventStore({ client, ...deps });
    return {
      store,
      adapter: 'kurrentdb',
      close: async () => {
        await store.close();
        await client.dispose();
      },
    };
  } catch (e) {
    await client.dispose();
    throw e;
  }
}
