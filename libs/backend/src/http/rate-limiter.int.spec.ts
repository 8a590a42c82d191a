// The fixed-window limiter against the real test Redis, and against no Redis at all.
import { ServiceUnavailableException } from '@nestjs/common';
import { testRedisUrl, uniquePrefix } from '@academy/testing';
import { loadConfig } from '../config.js';
import { createRedis } from '../redis.js';
import { RateLimiter, TooManyRequestsException } from './rate-limiter.js';

const config = (prefix: string) => loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/x', REDIS_URL: 'redis://unused', QUEUE_PREFIX: prefix, NODE_ENV: 'test' });

it('allows `limit` hits per window, then refuses with the seconds left; subjects and rules are counted apart', async () => {
  const redis = createRedis(testRedisUrl(), 'rate-limiter-test');
  try {
    const limiter = new RateLimiter(redis, config(uniquePrefix('rl')));
    const rule = { name: 'probe', limit: 3, windowSeconds: 60 };
    for (let i = 1; i <= 3; i++) expect(await limiter.hit(rule, 'a')).toMatchObject({ allowed: true, count: i });
    const refused = await limiter.hit(rule, 'a');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(55);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect((await limiter.hit(rule, 'b')).allowed).toBe(true);
    expect((await limiter.hit({ ...rule, name: 'other' }, 'a')).allowed).toBe(true);
    await expect(limiter.consume([{ rule, subject: 'a' }])).rejects.toBeInstanceOf(TooManyRequestsException);
  } finally {
    await redis.quit();
  }
});

it('fails closed and fast (503) when Redis is unreachable', async () => {
  const redis = createRedis('redis://127.0.0.1:1', 'rate-limiter-down');
  redis.on('error', () => {});
  try {
    const limiter = new RateLimiter(redis, config(uniquePrefix('rl')));
    const started = Date.now();
    await expect(limiter.hit({ name: 'probe', limit: 1, windowSeconds: 60 }, 'a')).rejects.toBeInstanceOf(ServiceUnavailableException);
    expect(Date.now() - started).toBeLessThan(RateLimiter.TIMEOUT_MS + 1000);
  } finally {
    redis.disconnect();
  }
});

it("with whenRedisDown 'memory', Redis unreachable: answers at once and still limits per process", async () => {
  const redis = createRedis('redis://127.0.0.1:1', 'rate-limiter-down-memory');
  redis.on('error', () => {});
  try {
    const limiter = new RateLimiter(redis, config(uniquePrefix('rl')));
    const rule = { name: 'form', limit: 2, windowSeconds: 60 };
    const started = Date.now();
    await limiter.consume([{ rule, subject: 'ip1' }], { whenRedisDown: 'memory' });
    await limiter.consume([{ rule, subject: 'ip1' }], { whenRedisDown: 'memory' });
    const refused = await limiter.consume([{ rule, subject: 'ip1' }], { whenRedisDown: 'memory', message: 'Slow down' }).catch((e) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsException);
    expect(refused.getResponse()).toMatchObject({ message: 'Slow down' });
    expect(refused.retryAfter).toBeGreaterThan(55);
    await limiter.consume([{ rule, subject: 'ip2' }], { whenRedisDown: 'memory' });
    expect(Date.now() - started).toBeLessThan(500);
  } finally {
    redis.disconnect();
  }
});
