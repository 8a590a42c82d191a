import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator } from '@nestjs/terminus';
import { EntityManager } from '@mikro-orm/postgresql';
import { type EventStore, failingConsumers, failingProjections, PostgresEventStore, type ProjectionFailure } from '@academy/event-store';
import { Answers, EVENT_STORE, HEARTBEAT_EVERY_MS, PG_POOL, Public, type RedisClient, Refuses, WorkerHeartbeat } from '@academy/backend';
import { REDIS } from '../tokens.js';
import { healthResponseSchema, liveResponseSchema } from '@academy/contracts';

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: MikroOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(PG_POOL) private readonly pool: Parameters<typeof failingProjections>[0],
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * Liveness (Kubernetes livenessProbe): the process answers HTTP, nothing more. A Postgres or Redis
   * outage must not get every API restarted: /api/health turns 503 then (readiness takes the pod out
   * of the Service) and the API reconnects by itself.
   */
  @Get('live')
  @Answers(200, liveResponseSchema)
  live() {
    return { status: 'ok' };
  }

  /**
   * db and redis (and KurrentDB when it holds the log, ADR 0032) decide up/down (503); a silent worker or a projection, the dispatcher or a reactor marked failing (ADR 0010)
   * only makes the answer 'degraded' (200): the API still serves, but some screens show stale data.
   */
  @Get()
  // No swagger decorators: the OpenAPI document is made from @Answers/@Refuses, and terminus' would load @nestjs/swagger in every test that composes the API in-process.
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @Answers(200, healthResponseSchema)
  @Refuses(503)
  check() {
    return this.health.check([
      () => this.db.pingCheck('db').withTimeout(1500),
      () =>
        this.indicators
          .check('redis')
          .attempt(async () => {
            if ((await this.redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
          })
          .withTimeout(1500),
      // With EVENTSTORE_URL the log is in KurrentDB: without it no command can be decided.
      ...(!(this.store instanceof PostgresEventStore)
        ? [
            () =>
              this.indicators
                .check('eventstore')
                .attempt(async () => {
                  await this.store.headPosition();
                })
                .withTimeout(1500),
          ]
        : []),
      async () => {
        const worker = this.indicators.check('worker');
        const rows = await this.em.fork().find(WorkerHeartbeat, {}, { orderBy: { lastSeenAt: 'desc' }, limit: 1 });
        const last = rows[0]?.lastSeenAt;
        if (last && Date.now() - last.getTime() <= 3 * HEARTBEAT_EVERY_MS) return worker.up({ lastSeenAt: last.toISOString() });
        return worker.degraded({ message: last ? 'no heartbeat from the worker recently' : 'the worker has not reported yet', lastSeenAt: last?.toISOString() ?? null });
      },
      async () => this.failing('projections', await failingProjections(this.pool), (f) => `projection ${f.name} v${f.version} is failing at position ${f.failing.position}`, (f) => ({ version: f.version })),
      // The dispatcher and the reactors (notifications, the week advance) fail the same way (ADR 0010 §7).
      async () => this.failing('consumers', await failingConsumers(this.pool), (f) => `${f.kind ?? 'consumer'} ${f.name} is failing at position ${f.failing.position}`, (f) => ({ kind: f.kind })),
    ]);
  }

  /** Up when nothing is marked failing; else degraded, naming each (`says`) with where and why it stopped. */
  private failing<F extends { name: string; checkpoint: number; failing: ProjectionFailure }>(key: string, failing: F[], says: (f: F) => string, which: (f: F) => object) {
    const indicator = this.indicators.check(key);
    if (failing.length === 0) return indicator.up();
    return indicator.degraded({
      message: failing.map(says).join('; '),
      failing: failing.map((f) => ({
        name: f.name,
        ...which(f),
        position: f.failing.position,
        checkpoint: f.checkpoint,
        error: f.failing.error,
        since: f.failing.failedAt,
        attempts: f.failing.attempts,
      })),
    });
  }
}
