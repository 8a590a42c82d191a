import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';
import type { AppConfig } from '../config.js';
import { APP_CONFIG, REDIS_CLIENT } from '../auth/tokens.js';
import type { RedisClient } from '../redis.js';

export interface RateLimitRule {
  /** Counter name, e.g. 'sign-in:failures:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** One counter: a rule and whose count it is (an address, an account, both). */
export interface RateLimitHit {
  rule: RateLimitRule;
  subject: string;
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

export interface LimitOptions {
  /** The 429's message (default TOO_MANY_ATTEMPTS). */
  message?: string;
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Fixed-window counters of rate-limiter-flexible (ARCHITECTURE.md §6) in Redis, shared by every API
 * replica, each with an in-memory insurance limiter of the same rule: while Redis is down or slow
 * (no answer within TIMEOUT_MS) this process counts on its own, so an outage neither opens unlimited
 * guessing nor refuses everyone. The insurance counts per process: with N replicas an attacker gets
 * at most N× the limit during an outage.
 *
 * `consume` counts every attempt (sign-up, public forms); sign-in counts only failures with `check`,
 * `penalize`, `refund` and `forget`, so a class signing in behind one address never uses up a limit.
 */
@Injectable()
export class RateLimiter {
  static readonly TIMEOUT_MS = 1000;

  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private limiter(rule: RateLimitRule): RateLimiterAbstract {
    const id = `${rule.name}:${rule.limit}:${rule.windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const options = { keyPrefix: `${this.config.QUEUE_PREFIX}:ratelimit:${rule.name}`, points: rule.limit, duration: rule.windowSeconds };
      const insuranceLimiter = new RateLimiterMemory(options);
      // Not connected: straight to the insurance rather than waiting in ioredis's offline queue.
      const redis = new RateLimiterRedis({ ...options, storeClient: this.redis, rejectIfRedisNotReady: true, insuranceLimiter });
      // Connected but not answering (a stalled network): the insurance after TIMEOUT_MS.
      limiter = new RLWrapperTimeouts({ limiter: redis, timeoutMs: RateLimiter.TIMEOUT_MS, insuranceLimiter });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Counts a hit on every rule; throws TooManyRequestsException if any is over its limit. */
  async consume(hits: RateLimitHit[], options: LimitOptions = {}): Promise<void> {
    const results = await Promise.all(
      hits.map((h) =>
        this.limiter(h.rule)
          .consume(h.subject)
          .then(() => null)
          .catch((e: unknown) => {
            if (e instanceof RateLimiterRes) return e;
            throw e;
          }),
      ),
    );
    const refused = results.filter((r): r is RateLimiterRes => r !== null);
    if (refused.length) throw new TooManyRequestsException(Math.max(...refused.map(retryAfter)), options.message);
  }

  /** Counts nothing; throws TooManyRequestsException if any rule has already reached its limit. */
  async check(hits: RateLimitHit[], options: LimitOptions = {}): Promise<void> {
    const results = await Promise.all(hits.map((h) => this.limiter(h.rule).get(h.subject)));
    const refused = results.filter((r, i): r is RateLimiterRes => r !== null && r.consumedPoints >= hits[i]!.rule.limit);
    if (refused.length) throw new TooManyRequestsException(Math.max(...refused.map(retryAfter)), options.message);
  }

  /** Counts a failure on every rule, never refusing: the request it counts has already been answered. */
  async penalize(hits: RateLimitHit[]): Promise<void> {
    await Promise.all(hits.map((h) => this.limiter(h.rule).penalty(h.subject)));
  }

  /** Gives back one counted hit (an attempt that turned out not to be a failure). */
  async refund(hits: RateLimitHit[]): Promise<void> {
    await Promise.all(hits.map((h) => this.limiter(h.rule).reward(h.subject)));
  }

  /** Clears the counters (the right password clears the failures of its account at its address). */
  async forget(hits: RateLimitHit[]): Promise<void> {
    await Promise.all(hits.map((h) => this.limiter(h.rule).delete(h.subject)));
  }
}
