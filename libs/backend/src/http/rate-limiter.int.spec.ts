// The rate limiter (rate-limiter-flexible) against the real test Redis, against no Redis at all, and
// against a Redis that accepts the connection but never answers a command.
import net from 'node:net';
import type { Redis } from 'ioredis';
import { testRedisUrl, uniquePrefix } from '@academy/testing';
import { loadConfig } from '../config.js';
import { createRedis } from '../redis.js';
import { RateLimiter, TooManyRequestsException } from './rate-limiter.js';

const config = (prefix: string) => loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/x', REDIS_URL: 'redis://unused', QUEUE_PREFIX: prefix, NODE_ENV: 'test' });
const ready = (redis: Redis) => new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

it('consume: allows `limit` hits per window in Redis, then 429 with the seconds left; subjects and rules are counted apart', async () => {
  const redis = createRedis(testRedisUrl(), 'rate-limiter-test');
  try {
    await ready(redis);
    const prefix = uniquePrefix('rl');
    const limiter = new RateLimiter(redis, config(prefix));
    const rule = { name: 'probe', limit: 3, windowSeconds: 60 };
    for (let i = 1; i <= 3; i++) await limiter.consume([{ rule, subject: 'a' }]);
    // Counted in Redis, where every API replica sees it.
    expect(await redis.get(`${prefix}:ratelimit:probe:a`)).toBe('3');
    const refused = await refusal(limiter.consume([{ rule, subject: 'a' }], { message: 'Slow down' }));
    expect(refused).toBeInstanceOf(TooManyRequestsException);
    expect((refused as TooManyRequestsException).getResponse()).toMatchObject({ message: 'Slow down' });
    expect((refused as TooManyRequestsException).retryAfter).toBeGreaterThan(55);
    expect((refused as TooManyRequestsException).retryAfter).toBeLessThanOrEqual(60);
    await limiter.consume([{ rule, subject: 'b' }]);
    await limiter.consume([{ rule: { ...rule, name: 'other' }, subject: 'a' }]);
  } finally {
    await redis.quit();
  }
});

it('check counts nothing; penalize counts failures; refund gives one back; forget clears', async () => {
  const redis = createRedis(testRedisUrl(), 'rate-limiter-failures');
  try {
    await ready(redis);
    const limiter = new RateLimiter(redis, config(uniquePrefix('rl')));
    const hit = { rule: { name: 'failures', limit: 2, windowSeconds: 60 }, subject: 'x' };
    for (let i = 0; i < 5; i++) await limiter.check([hit]);
    await limiter.penalize([hit]);
    await limiter.check([hit]);
    await limiter.penalize([hit]);
    expect(await refusal(limiter.check([hit]))).toBeInstanceOf(TooManyRequestsException);
    await limiter.refund([hit]);
    await limiter.check([hit]);
    await limiter.penalize([hit]);
    await limiter.forget([hit]);
    await limiter.check([hit]);
  } finally {
    await redis.quit();
  }
});

it('Redis unreachable: answers at once from the in-memory insurance, which still limits', async () => {
  const redis = createRedis('redis://127.0.0.1:1', 'rate-limiter-down');
  redis.on('error', () => {});
  try {
    const limiter = new RateLimiter(redis, config(uniquePrefix('rl')));
    const rule = { name: 'form', limit: 2, windowSeconds: 60 };
    const started = Date.now();
    await limiter.consume([{ rule, subject: 'ip1' }]);
    await limiter.consume([{ rule, subject: 'ip1' }]);
    const refused = await refusal(limiter.consume([{ rule, subject: 'ip1' }]));
    expect(refused).toBeInstanceOf(TooManyRequestsException);
    expect((refused as TooManyRequestsException).retryAfter).toBeGreaterThan(55);
    await limiter.consume([{ rule, subject: 'ip2' }]);
    // Failure counting too: no unlimited guessing during an outage.
    const failures = { rule: { name: 'failures', limit: 1, windowSeconds: 60 }, subject: 'ip1' };
    await limiter.check([failures]);
    await limiter.penalize([failures]);
    expect(await refusal(limiter.check([failures]))).toBeInstanceOf(TooManyRequestsException);
    expect(Date.now() - started).toBeLessThan(500);
  } finally {
    redis.disconnect();
  }
});

it('Redis connected but silent: falls back to the insurance after the timeout instead of hanging', async () => {
  // Answers the client's RESP2 handshake (CLIENT SETNAME/SETINFO, INFO for the ready check), then nothing.
  const server = net.createServer((socket) => {
    socket.on('data', (data) => {
      for (const command of data.toString().split(/\*\d+\r\n/).filter(Boolean)) {
        const name = command.split('\r\n')[1]?.toUpperCase();
        if (name === 'CLIENT') socket.write('+OK\r\n');
        if (name === 'INFO') {
          const info = '# Persistence\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const redis = createRedis(`redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`, 'rate-limiter-silent', { protocol: 2 });
  redis.on('error', () => {});
  try {
    await ready(redis);
    const limiter = new RateLimiter(redis, config(uniquePrefix('rl')));
    const rule = { name: 'silent', limit: 1, windowSeconds: 60 };
    const started = Date.now();
    await limiter.consume([{ rule, subject: 'a' }]);
    expect(await refusal(limiter.consume([{ rule, subject: 'a' }]))).toBeInstanceOf(TooManyRequestsException);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * RateLimiter.TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(2 * RateLimiter.TIMEOUT_MS + 1000);
  } finally {
    redis.disconnect();
    await new Promise((resolve) => server.close(resolve));
  }
});
