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
  constructor(
    readonly retryAfter: number,
    message: string = TOO_MANY_ATTEMPTS,
  ) {
    super({ message, retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * What a limit does while Redis does not answer: 'refuse' (fail closed, 503: sign-in must not become
 * unlimited guessing) or 'memory' (count in this process instead: a public form that must keep
 * accepting people during a Redis outage, still limited per process).
 */
export type WhenRedisDown = 'refuse' | 'memory';

export interface ConsumeOptions {
  whenRedisDown?: WhenRedisDown;
  /** The 429's message (default TOO_MANY_ATTEMPTS). */
  message?: string;
}

/**
 * Fixed-window counters in Redis (ARCHITECTURE.md §6): INCR and set the expiry on the first hit,
 * atomically in one Lua call so a crash never leaves a counter without expiry. Redis down → 503
 * after a short wait (fail closed) rather than unlimited guessing or a request hanging on the
 * client's offline queue; or, for rules that ask for it (`whenRedisDown: 'memory'`), per-process
 * counters until Redis answers again.
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

  /** In-process fixed windows, used only while Redis is down for rules that fall back to memory. */
  private readonly local = new Map<string, { count: number; resetAt: number }>();

  async hit(rule: RateLimitRule, subject: string, whenRedisDown: WhenRedisDown = 'refuse'): Promise<RateLimitResult> {
    if (whenRedisDown === 'memory') {
      // Not connected: answer at once from memory rather than wait for the timeout on every request.
      if (this.redis.status !== 'ready') return this.hitLocally(rule, subject);
      try {
        return await this.hitRedis(rule, subject);
      } catch {
        return this.hitLocally(rule, subject);
      }
    }
    return this.hitRedis(rule, subject);
  }

  private hitLocally(rule: RateLimitRule, subject: string): RateLimitResult {
    const key = `${rule.name}:${subject}`;
    const now = Date.now();
    if (this.local.size > 10_000) for (const [k, w] of this.local) if (w.resetAt <= now) this.local.delete(k);
    let window = this.local.get(key);
    if (!window || window.resetAt <= now) this.local.set(key, (window = { count: 0, resetAt: now + rule.windowSeconds * 1000 }));
    window.count++;
    return { allowed: window.count <= rule.limit, retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)), count: window.count };
  }

  private async hitRedis(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
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
  async consume(hits: { rule: RateLimitRule; subject: string }[], options: ConsumeOptions = {}): Promise<void> {
    const results = await Promise.all(hits.map((h) => this.hit(h.rule, h.subject, options.whenRedisDown)));
    const refused = results.filter((r) => !r.allowed);
    if (refused.length) throw new TooManyRequestsException(Math.max(...refused.map((r) => r.retryAfter)), options.message);
  }
}
