import { Redis, type RedisOptions } from 'ioredis';

/**
 * An ioredis client as BullMQ needs it (maxRetriesPerRequest: null), that keeps retrying while Redis
 * is down instead of crashing: Redis holds only queues and counters, so the API stays up without it.
 */
export function createRedis(url: string, name: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...extra,
  });
}
