// Redis steps of the dispatcher: bounded in time, and a failure because Redis is away told apart
// from one that is the event's (ADR 0010 §7: only the latter counts towards the failing mark).
import type { Cluster, Redis } from 'ioredis';

export class Timeout extends Error {}

/** Redis did not take the jobs because it is away (down, reconnecting, loading, out of memory): never the event's fault. */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** ioredis's and Redis's own words for "not now" (connection gone, offline queue off, loading a dump, failover, OOM). */
const REDIS_AWAY = /Connection is closed|Stream isn't writeable|enableOfflineQueue|max retries per request|MaxRetriesPerRequest|^LOADING|^READONLY|^MASTERDOWN|^BUSY|^TRYAGAIN|^CLUSTERDOWN|^OOM|^NOREPLICAS/i;

/** Runs a Redis step; a failure because Redis is away (timeout, not ready, its "not now" words) becomes RedisUnavailableError. */
export async function redisWork<T>(connection: Redis | Cluster, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof Timeout || connection.status !== 'ready' || REDIS_AWAY.test(e instanceof Error ? e.message : String(e))) {
      throw new RedisUnavailableError(e instanceof Error ? e.message : String(e), { cause: e });
    }
    throw e;
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer!: NodeJS.Timeout;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`${what}: no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}
