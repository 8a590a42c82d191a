import { HttpException, HttpStatus, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { APP_CONFIG, REDIS_CLIENT } from '../auth/tokens.js';

export interface RateLimitRule {
  /** Counter name, e.g. 'sign-in:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
  count: number;
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** 429 with Retry-After, in the API's error shape. */
export class TooManyRequestsException extends HttpException {
  constructor(readonly retryAfter: number) {
    super({ message: TOO_MANY_ATTEMPTS, retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Fixed-window counters in Redis (ARCHITECTURE.md §6): INCR and set the expiry on the first hit,
 * atomically in one Lua call so a crash never leaves a counter without expiry. Redis down → 503
 * after a short wait (fail closed) rather than unlimited guessing or a request hanging on the
 * client's offline queue.
 */
@Injectable()
export class RateLimiter {
  private static readonly SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

  static readonly TIMEOUT_MS = 2000;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async hit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
    const key = `${this.config.QUEUE_PREFIX}:ratelimit:${rule.name}:${subject}`;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ServiceUnavailableException('This is not available right now. Please try again in a minute.')), RateLimiter.TIMEOUT_MS);
    });
    const counted = this.redis.eval(RateLimiter.SCRIPT, 1, key, String(rule.windowSeconds)) as Promise<[number, number]>;
    const [count, ttl] = await Promise.race([counted, timeout]).finally(() => clearTimeout(timer));
    return { allowed: count <= rule.limit, retryAfter: Math.max(1, ttl), count };
  }

  /** Counts a hit on every rule; throws TooManyRequestsException if any is over its limit. */
  async consume(hits: { rule: RateLimitRule; subject: string }[]): Promise<void> {
    const results = await Promise.all(hits.map((h) => this.hit(h.rule, h.subject)));
    const refused = results.filter((r) => !r.allowed);
    if (refused.length) throw new TooManyRequestsException(Math.max(...refused.map((r) => r.retryAfter)));
  }
}
