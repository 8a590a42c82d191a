import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Dispatcher, type DispatchRoutes, EmailLookup, type EventStore, type Projection, type ReactorDefinition, type RunningProjections, startProjections, startReactors } from '@academy/event-store';
import { type AppConfig, createRedis, type RedisClient, EVENT_STORE, type MailTemplates, PG_POOL, type RecipientDirectory, withMailRoutes } from '@academy/backend';
import { WORKER_CONFIG, WORKER_REGISTRY } from '../tokens.js';

export interface WorkerRegistry {
  projections: Projection[];
  notificationRoutes: DispatchRoutes;
  /** Event type → mail (services/worker/src/mail/templates.ts); each type is also routed to the mail queue. */
  mailTemplates?: MailTemplates;
  /** Process managers (checkpointed reactions that append, e.g. enrollment's week advance). */
  reactors?(store: EventStore, deps: { config: AppConfig; lookup: EmailLookup }): ReactorDefinition[];
  /** The directory mail templates look recipients up in (the notifications context's read model). */
  recipientDirectory?: (em: EntityManager) => RecipientDirectory;
}

/**
 * Runs every projection (one runner each; other worker replicas stand by on the advisory lock) and
 * the notifications dispatcher off the durable log (ARCHITECTURE.md §5, §7). Nothing here goes
 * through Nest's in-memory EventBus: a reaction that must not be lost reads the log.
 */
@Injectable()
export class ProjectionsHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('projections');
  private running?: RunningProjections;
  private reacting?: ReturnType<typeof startReactors>;
  private dispatcher?: Dispatcher;
  private redis?: RedisClient;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_REGISTRY) private readonly registry: WorkerRegistry,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly lookup: EmailLookup,
  ) {}

  onApplicationBootstrap(): void {
    const onError = (what: string) => (e: unknown) => this.log.error(`${what}: ${e instanceof Error ? e.message : String(e)}`);
    // The same bounded tries for projections, reactors and the dispatcher (ADR 0010).
    const tries = { maxAttempts: this.config.PROJECTION_MAX_ATTEMPTS, retryDelayMs: this.config.PROJECTION_RETRY_MS };
    this.running = startProjections(this.registry.projections, { store: this.store, pool: this.pool, batchSize: this.config.PROJECTION_BATCH_SIZE, ...tries, onError: onError('projection') });
    this.reacting = startReactors(this.registry.reactors?.(this.store, { config: this.config, lookup: this.lookup }) ?? [], { store: this.store, pool: this.pool, ...tries, onError: onError('reactor') });
    const routes = withMailRoutes(this.registry.notificationRoutes, this.registry.mailTemplates ?? {});
    if (Object.keys(routes).length) {
      this.redis = createRedis(this.config, 'academy-worker-dispatcher');
      this.dispatcher = new Dispatcher({
        name: 'notifications',
        store: this.store,
        pool: this.pool,
        connection: this.redis,
        prefix: this.config.QUEUE_PREFIX,
        routes,
        ...tries,
        onError: onError('dispatcher'),
        // Redis came back without jobs the checkpoint had passed: they are derived again from the log.
        onRedeliver: ({ from, to, reason }) => this.log.warn(`dispatcher: ${reason}; dispatching again from position ${to} (the checkpoint was ${from})`),
      }).start();
    }
    this.log.log(`running ${this.registry.projections.length} projection(s), ${this.reacting.reactors.length} reactor(s)${this.dispatcher ? ' and the notifications dispatcher' : ''}`);
  }

  /** The batch in flight commits or rolls back whole (ADR 0004); then the connections close. */
  async onApplicationShutdown(): Promise<void> {
    await this.running?.stop();
    await this.reacting?.stop();
    await this.dispatcher?.stop();
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
