import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import express from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyHttpPlatform, boundShutdown, EVENT_STORE, loadConfigOrExit, migrateUp, PG_POOL } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import type pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { identitySessionMigrations } from '@academy/identity';
import { auditMigrations } from '@academy/audit';
import { AppModule } from './app.module.js';
import { mountApiDocs } from './api-docs/api-docs.js';
import { createApiMetrics, serveMetrics } from './metrics/metrics.js';
import { REDIS } from './tokens.js';
import { federationManifest, findFrontends, mountFrontends, remoteOrigins } from './frontends/frontends.js';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const layout = findFrontends(config.ACADEMY_FRONTENDS_DIR ?? path.join(repoRoot, 'frontends'));

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, layout), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  boundShutdown('API');
  // First middleware, so that every request is timed; /metrics itself is on METRICS_PORT only (ADR 0026).
  if (config.METRICS_PORT !== undefined) {
    const store = app.get<EventStore>(EVENT_STORE);
    const metrics = createApiMetrics({ pool: app.get<pg.Pool>(PG_POOL), redis: app.get(REDIS), queuePrefix: config.QUEUE_PREFIX, head: () => store.headPosition() });
    app.use(metrics.middleware);
    const server = await serveMetrics(metrics, config.METRICS_HOST, config.METRICS_PORT);
    process.once('beforeExit', () => void metrics.close().finally(() => server.close()));
  }
  // The page may load remotes that ACADEMY_REMOTE_<NAME> serves from another origin (read at start, like the manifest's overrides).
  applyHttpPlatform(app, { remoteOrigins: remoteOrigins(federationManifest(layout, process.env, config.ACADEMY_TIME_ZONE)) });
  // sendBeacon posts text/plain; the client-events endpoints read it as JSON.
  app.use('/api/client-events', express.text({ type: 'text/plain', limit: '16kb' }), (req: express.Request, _res: express.Response, next: express.NextFunction) => {
    if (typeof req.body === 'string') {
      try {
        req.body = JSON.parse(req.body);
      } catch {
        req.body = {};
      }
    }
    next();
  });

  await migrateUp(app.get(MikroORM), config.DATABASE_URL, [identitySessionMigrations, auditMigrations]);

  // Generated from the routes' zod contracts; services/api/test/openapi.int.spec.ts lints it and checks every route is in it.
  mountApiDocs(app);

  mountFrontends(app.getHttpAdapter().getInstance(), layout);

  await app.listen(config.PORT, config.HOST);
  const url = await app.getUrl();
  app.get(Logger).log(`API listening on ${url.replace('[::1]', 'localhost')}`, 'bootstrap');
}

bootstrap().catch((e: unknown) => {
  process.stderr.write(`academy: the API could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
