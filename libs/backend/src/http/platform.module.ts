import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { AppConfig } from '../config.js';
import { createRedis, type RedisClient } from '../redis.js';
import { APP_CONFIG, REDIS_CLIENT } from '../auth/tokens.js';
import { ApiExceptionFilter } from './exception.filter.js';
import { RateLimiter } from './rate-limiter.js';
import { noStoreApi, securityHeaders, type SecurityHeadersOptions } from './security-headers.js';
import { StorableInputInterceptor } from './storable-input.interceptor.js';

class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: RedisClient) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The API process's shared providers, global so every context can inject them: config, Redis, rate limiter. */
@Global()
@Module({})
export class HttpPlatformModule {
  static forRoot(config: AppConfig, redisName = 'academy-api'): DynamicModule {
    return {
      module: HttpPlatformModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, { provide: REDIS_CLIENT, useFactory: () => createRedis(config, redisName) }, RedisLifecycle, RateLimiter],
      exports: [APP_CONFIG, REDIS_CLIENT, RateLimiter],
    };
  }
}

/**
 * HTTP settings every API process (and its integration tests) applies: /api prefix, one error shape,
 * one text rule for all input, cookies (the refresh token), security headers, no-store on API answers,
 * and client addresses from X-Forwarded-For only through the proxies TRUST_PROXY names (rate limits
 * count per address).
 */
/** Every API route is under /api (the frontends own the rest of the origin). */
export const API_PREFIX = 'api';

export function applyHttpPlatform(app: INestApplication, options: SecurityHeadersOptions = {}): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  const express = app as NestExpressApplication;
  express.setGlobalPrefix(API_PREFIX);
  express.useGlobalFilters(new ApiExceptionFilter());
  express.use(securityHeaders(config, options));
  express.use(noStoreApi);
  // The text rule over every string and key of every request (libs/contracts text.ts).
  express.useGlobalInterceptors(new StorableInputInterceptor());
  express.use(cookieParser());
  express.disable('x-powered-by');
  // No ETag computed for answers: every API answer is no-store (noStoreApi), so no cache keeps one to
  // revalidate it, and hashing each answer (SHA-1 of a whole Weekly Lessons) showed in a profile of the
  // API's CPU under the lessons benchmark (docs/benchmarks.md "Weekly Lessons"). The
  // frontends' files get theirs from express.static / sendFile, which do not read this setting; an
  // answer meant to be cached sets its own (the course image, catalog).
  express.set('etag', false);
  express.set('trust proxy', config.TRUST_PROXY);
}
