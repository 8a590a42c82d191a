// Prometheus metrics of the API (issue 17 §6, ADR 0026), served on a second, internal port
// (METRICS_PORT, bound to METRICS_HOST = 127.0.0.1 by default; unset: no metrics) so that /metrics is
// never reachable through the public port, the reverse proxy or the Ingress.
// HTTP latency is measured here as requests pass; everything else is read from Postgres and Redis
// when Prometheus scrapes (collect callbacks): the numbers are the shared truth of every replica.
import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { Queue } from 'bullmq';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RedisClient } from '@academy/backend';
import { ADMIN_QUEUES } from '@academy/contracts';

export interface ApiMetrics {
  registry: Registry;
  /** Express middleware timing every request, labelled by route template (never the raw URL). */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  close(): Promise<void>;
}

/**
 * `head`: the log's head position from the event store (the port, so that it is right whichever
 * adapter holds the log, ADR 0032); without it, read from the PostgreSQL log's table.
 */
export function createApiMetrics(deps: { pool: pg.Pool; redis: RedisClient; queuePrefix: string; head?: () => Promise<number> }): ApiMetrics {
  const head = deps.head ?? (async () => Number((await deps.pool.query<{ head: string }>('SELECT coalesce(max(position), 0)::text AS head FROM event_store.events')).rows[0].head));
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'academy_http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The queues the worker serves: the same list the admin's Queues screen shows.
  const queues = ADMIN_QUEUES.map((name) => new Queue(name, { connection: deps.redis, prefix: deps.queuePrefix }));

  new Gauge({
    name: 'academy_projection_lag_events',
    help: 'Events between the head of the log and the checkpoint of each live projection',
    labelNames: ['projection', 'version'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const [rows, at] = await Promise.all([projectionRows(deps.pool), head()]);
      for (const r of rows) this.set({ projection: r.name, version: String(r.version) }, Math.max(0, at - Number(r.position)));
    },
  });
  new Gauge({
    name: 'academy_projection_status',
    help: '1 for the status each projection version is in (building, live, failing)',
    labelNames: ['projection', 'version', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await projectionRows(deps.pool)) this.set({ projection: r.name, version: String(r.version), status: r.failing ? 'failing' : r.status }, 1);
    },
  });
  new Gauge({
    name: 'academy_queue_jobs',
    help: 'Jobs per BullMQ queue and state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of queues) {
        const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'failed');
        for (const [state, n] of Object.entries(counts)) this.set({ queue: q.name, state }, n);
      }
    },
  });
  // A counter Prometheus can rate(): the log's head only grows, and it is the same on every replica.
  new Counter({
    name: 'academy_events_appended_total',
    help: 'Events in the log (its head position); rate() of it is the append rate',
    registers: [registry],
    async collect() {
      const at = await head();
      this.reset();
      this.inc(at);
    },
  });
  new Gauge({
    name: 'academy_chain_verification_age_seconds',
    help: 'Seconds since the last recorded chain verification (ChainVerified); absent until there is one',
    labelNames: ['ok'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await deps.pool.query<{ age: number; ok: boolean | null }>(
        `SELECT extract(epoch FROM now() - e.recorded_at)::float8 AS age, (e.data->>'ok')::boolean AS ok
           FROM event_store.events e WHERE e.stream_id = 'audit-verifications' AND e.type = 'ChainVerified' ORDER BY e.position DESC LIMIT 1`,
      );
      if (rows[0]) this.set({ ok: String(rows[0].ok) }, rows[0].age);
    },
  });

  return {
    registry,
    middleware(req, res, next) {
      const end = httpDuration.startTimer({ method: req.method });
      res.on('finish', () => {
        // Express sets req.route on the route that answered; anything else (static files, 404s) is one label.
        const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
        end({ route, status: String(res.statusCode) });
      });
      next();
    },
    async close() {
      await Promise.all(queues.map((q) => q.close()));
    },
  };
}

interface ProjectionRow {
  name: string;
  version: number;
  status: string;
  position: string;
  failing: boolean;
}

async function projectionRows(pool: pg.Pool): Promise<ProjectionRow[]> {
  const { rows } = await pool.query<ProjectionRow>(
    `SELECT c.name, c.version, c.status, c.position::text AS position, c.failing_position IS NOT NULL AS failing
       FROM projections.checkpoints c WHERE c.status <> 'retired' ORDER BY c.name, c.version`,
  );
  return rows;
}

/** Serves GET /metrics (and nothing else) on host:port; resolves once listening. */
export async function serveMetrics(metrics: ApiMetrics, host: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics: ${e instanceof Error ? e.message : String(e)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  server.unref(); // never what keeps the API alive
  return server;
}
