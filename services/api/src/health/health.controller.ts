import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator } from '@nestjs/terminus';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { HEARTBEAT_EVERY_MS, Public, WorkerHeartbeat } from '@academy/backend';
import { REDIS } from '../tokens.js';

@ApiTags('platform')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: MikroOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** db and redis decide up/down (503); a silent worker only makes the answer 'degraded'. */
  @Get()
  @HealthCheck()
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
      async () => {
        const worker = this.indicators.check('worker');
        const rows = await this.em.fork().find(WorkerHeartbeat, {}, { orderBy: { lastSeenAt: 'desc' }, limit: 1 });
        const last = rows[0]?.lastSeenAt;
        if (last && Date.now() - last.getTime() <= 3 * HEARTBEAT_EVERY_MS) return worker.up({ lastSeenAt: last.toISOString() });
        return worker.degraded({ message: last ? 'no heartbeat from the worker recently' : 'the worker has not reported yet', lastSeenAt: last?.toISOString() ?? null });
      },
    ]);
  }
}
