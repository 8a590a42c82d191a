import { Logger } from '@nestjs/common';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { AppConfig } from './config.js';

/** While Redis is away, one line per client every so often is enough (it retries every 2 s). */
const ERROR_LOG_EVERY_MS = 30_000;

/** A single Redis or a Redis Cluster: BullMQ, the rate limiter and the dispatcher take either. */
export type RedisClient = Redis | Cluster;

/** Where Redis is, as the configuration says: REDIS_CLUSTER_NODES wins over REDIS_URL. */
export type RedisTarget = Pick<AppConfig, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>;

/**
 * An ioredis client as BullMQ needs it (maxRetriesPerRequest: null), that keeps retrying while Redis
 * is down instead of crashing: Redis holds only queues and counters, so the API stays up without it.
 * It has an 'error' listener of its own: without one ioredis prints every failed reconnect with a stack.
 * Given the configuration with REDIS_CLUSTER_NODES, it is a Cluster over those seed nodes.
 */
export function createRedis(url: string, name: string, extra?: RedisOptions): Redis;
export function createRedis(target: RedisTarget, name: string, extra?: RedisOptions): RedisClient;
export function createRedis(target: string | RedisTarget, name: string, extra: RedisOptions = {}): RedisClient {
  const options: RedisOptions = {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...extra,
  };
  const cluster = typeof target === 'string' ? undefined : target.REDIS_CLUSTER_NODES;
  const url = typeof target === 'string' ? target : target.REDIS_URL;
  let client: RedisClient;
  if (cluster) {
    const { retryStrategy, lazyConnect, enableReadyCheck, ...perNode } = options;
    client = new Cluster(cluster.nodes, {
      redisOptions: { ...perNode, username: cluster.username, password: cluster.password, ...(cluster.tls ? { tls: {} } : {}) },
      clusterRetryStrategy: retryStrategy ?? undefined,
      lazyConnect,
      enableReadyCheck,
    });
  } else if (url) {
    client = new Redis(url, options);
  } else {
    throw new Error('createRedis: neither REDIS_URL nor REDIS_CLUSTER_NODES is set');
  }
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
