import { hostname } from 'node:os';
import { type DynamicModule, Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import pg from 'pg';
import { ConsistencyWaiter, EmailLookup, guardPool, loadMasterKey, type EventStore } from '@academy/event-store';
import type { AppConfig } from '../config.js';
import { openEventStore, type OpenedEventStore } from './open-event-store.js';
import { CommandResponder, MinPositionInterceptor } from './read-your-writes.js';
import { publishedEventSchemas } from '@academy/contracts';
import { CONSISTENCY_WAITER, EVENT_STORE, PG_POOL } from './tokens.js';

/** The master key, loaded once per process; never exported: contexts get what is derived from it. */
const MASTER_KEY = Symbol('MASTER_KEY');
/** The opened adapter (EVENT_STORE is its store): closing it also disposes a KurrentDB client. */
const OPENED_STORE = Symbol('OPENED_STORE');

class EventSourcingLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(OPENED_STORE) private readonly store: OpenedEventStore,
    @Inject(CONSISTENCY_WAITER) private readonly waiter: ConsistencyWaiter,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.waiter.close();
    await this.store.close();
    await this.pool.end();
  }
}

/**
 * The event store, its pool and the read-your-writes waiter, for every context module of a process
 * (ARCHITECTURE.md §4–§5). Global: contexts inject EVENT_STORE / CommandResponder / EmailLookup without importing it.
 * Projections are not run here: the worker runs them (services/worker), the API only waits for them.
 */
@Global()
@Module({})
export class EventSourcingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: EventSourcingModule,
      providers: [
        {
          provide: PG_POOL,
          // Guarded: a Postgres restart drops its connections; that is logged and retried, never a crash.
          useFactory: () => {
            const log = new Logger('database');
            // The process in the name: pg_stat_activity and pg_locks show which replica holds which
            // projection's or consumer's leader lock (the runners' connections share these options).
            const application_name = `academy-event-store ${process.pid}@${hostname()}`.slice(0, 63);
            return guardPool(new pg.Pool({ connectionString: config.DATABASE_URL, max: 10, application_name }), (m) => log.warn(m));
          },
        },
        { provide: MASTER_KEY, useFactory: () => loadMasterKey({ env: process.env, dataDir: config.ACADEMY_DATA_DIR, production: config.NODE_ENV === 'production' }) },
        {
          provide: OPENED_STORE,
          inject: [PG_POOL, MASTER_KEY],
          // schemas: every published event is checked on append and upcast on read (ADR 0017).
          // EVENTSTORE_URL set: the log is in KurrentDB (ADR 0032).
          useFactory: (pool: pg.Pool, masterKey: Buffer) => openEventStore(config, { pool, masterKey, schemas: publishedEventSchemas }),
        },
        { provide: EVENT_STORE, inject: [OPENED_STORE], useFactory: (opened: OpenedEventStore): EventStore => opened.store },
        // Keyed email lookups (ADR 0014): HMAC under a subkey of the master key, never a plain hash.
        { provide: EmailLookup, inject: [MASTER_KEY], useFactory: (masterKey: Buffer) => new EmailLookup(masterKey) },
        { provide: CONSISTENCY_WAITER, inject: [PG_POOL], useFactory: (pool: pg.Pool) => new ConsistencyWaiter({ pool, timeoutMs: config.CONSISTENCY_WAIT_MS }) },
        CommandResponder,
        MinPositionInterceptor,
        { provide: APP_INTERCEPTOR, useExisting: MinPositionInterceptor },
        EventSourcingLifecycle,
      ],
      exports: [PG_POOL, EVENT_STORE, CONSISTENCY_WAITER, EmailLookup, CommandResponder, MinPositionInterceptor],
    };
  }
}
