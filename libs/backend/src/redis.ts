import { Logger } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';

/** While Redis is away, one line per client every so often is enough (it retries every 2 s). */
const ERROR_LOG_EVERY_MS = 30_000;

/**
 * An ioredis client as BullMQ needs it (maxRetriesPerRequest: null), that keeps retrying while Redis
 * is down instead of crashing: Redis holds only queues and counters, so the API stays up without it.
 * It has an 'error' listener of its own: without one ioredis prints every failed reconnect with a stack.
 */
export function createRedis(url: string, name: string, extra: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...extra,
  });
  const log = new Logger('redis');
  let lastLogged = 0;
  client.on('error', (e: Error) => {
    if (Date.now() - lastLogged < ERROR_LOG_EVERY_MS) return;
    lastLogged = Date.now();
    log.warn(`${name}: ${e.message} (retrying)`);
  });
  client.on('ready', () => {
    if (lastLogged) log.log(`${name}: connected again`);
    lastLogged = 0;
  });
  return client;
}
