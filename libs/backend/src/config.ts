import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ACADEMY_TIME_ZONE, isTimeZone } from '@academy/contracts';
import { outgoingConfigIssues, outgoingConfigShape } from './outgoing/outgoing-config.js';

// Configuration is parsed once, at start, from the environment. A missing or invalid variable ends
// the process with one line naming it (see loadConfigOrExit): a half-configured server never starts.
/** A connection URL of one of `protocols`; the first names it in the messages ("a postgres:// connection URL"). */
function connectionUrl(protocols: string[]) {
  const named = `a ${protocols[0]}// connection URL`;
  return z.string({ error: `is required (${named})` }).refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be ${named}`);
}
const postgresUrl = connectionUrl(['postgres:', 'postgresql:']);
const redisUrl = connectionUrl(['redis:', 'rediss:']);

/**
 * Seed nodes of a Redis Cluster: comma-separated `host:port` or `redis://[user:pass@]host:port`
 * (`rediss://` for TLS). ioredis asks them for the rest of the cluster. The first entry's user,
 * password and TLS apply to every node (one cluster, one ACL).
 */
const clusterNodes = z
  .string()
  .transform((v, ctx) => {
    const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
    const nodes: { host: string; port: number }[] = [];
    for (const entry of entries) {
      try {
        const u = new URL(entry.includes('://') ? entry : `redis://${entry}`);
        if (!['redis:', 'rediss:'].includes(u.protocol) || !u.hostname) throw new Error();
        nodes.push({ host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || 6379) });
      } catch {
        ctx.addIssue({ code: 'custom', message: `has ${JSON.stringify(entry)}: each node must be host:port or redis://[user:pass@]host:port` });
        return z.NEVER;
      }
    }
    if (nodes.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'must name at least one node (host:port, comma-separated)' });
      return z.NEVER;
    }
    const first = new URL(entries[0]!.includes('://') ? entries[0]! : `redis://${entries[0]}`);
    return {
      nodes,
      username: decodeURIComponent(first.username) || undefined,
      password: decodeURIComponent(first.password) || undefined,
      tls: first.protocol === 'rediss:',
    };
  });

/**
 * BullMQ's keys are `<prefix>:<queue>:…` and its Lua scripts touch several of them at once, which a
 * Redis Cluster allows only within one hash slot: a `{hash tag}` in the prefix puts them all in one.
 * ':' stays forbidden (BullMQ's separator).
 */
const QUEUE_PREFIX = /^[A-Za-z0-9_-]*(\{[A-Za-z0-9_-]+\})?[A-Za-z0-9_-]*$/;
const hasHashTag = (prefix: string) => /\{[^}]+\}/.test(prefix);

/** A KurrentDB / EventStoreDB connection string, as @eventstore/db-client parses it (ADR 0032). */
const eventStoreUrl = z.string().refine((v) => /^esdb(\+discover)?:\/\/[^/?#\s]+/.test(v), 'must be an esdb:// or esdb+discover:// connection string, e.g. esdb://kurrentdb:2113?tls=false');

const smtpUrl = z.string().refine((v) => {
  try {
    return ['smtp:', 'smtps:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)');

/**
 * Which hops may tell the client's address in X-Forwarded-For (express 'trust proxy'). Unset or
 * `false`: none, the address is the socket's, so a client cannot choose its own rate-limit bucket.
 * A hop count (`1`: one proxy in front) or the proxies' addresses: `loopback`, `linklocal`,
 * `uniquelocal`, IPs and CIDRs, comma-separated. `true` (trust every hop) is refused: with it the
 * left-most X-Forwarded-For, which any client writes, would be the address.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(v: string): boolean {
  if (PROXY_NAMES.has(v)) return true;
  const [ip, bits, ...rest] = v.split('/');
  const family = net.isIP(ip ?? '');
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}
const trustProxy = z
  .string()
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    if (v === 'true') ctx.addIssue({ code: 'custom', message: 'must not be true (any client could then choose its address): give a hop count such as 1, or the proxies\' addresses' });
    else if (!(v === '' || v === 'false' || /^\d+$/.test(v) || v.split(',').every((p) => isProxyAddress(p.trim()))))
      ctx.addIssue({ code: 'custom', message: 'must be false, a hop count (1), or a comma-separated list of loopback, linklocal, uniquelocal, IPs and CIDRs' });
  })
  .transform((v): false | number | string[] => (v === '' || v === 'false' ? false : /^\d+$/.test(v) ? Number(v) || false : v.split(',').map((p) => p.trim())));

// Loose on purpose: the SMTP server is the judge of deliverability; this only catches typos like a missing @.
const emailAddress = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;
const emailList = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .refine((list) => list.every((a) => emailAddress.test(a)), 'must be a comma-separated list of email addresses');

/** Events per transaction of a catching-up projection runner (PROJECTION_BATCH_SIZE's default; the benchmarks use it too). */
export const DEFAULT_PROJECTION_BATCH_SIZE = 2000;

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: postgresUrl,
  /** The one Redis; not needed when REDIS_CLUSTER_NODES names a Redis Cluster instead. */
  REDIS_URL: redisUrl.optional(),
  /** A Redis Cluster's seed nodes (used instead of REDIS_URL): the queues then need a hash-tagged QUEUE_PREFIX. */
  REDIS_CLUSTER_NODES: clusterNodes.optional(),
  /**
   * Set: the event log lives in KurrentDB / EventStoreDB (one stream, ADR 0032) instead of PostgreSQL;
   * subject keys, checkpoints and read models stay in DATABASE_URL.
   */
  EVENTSTORE_URL: z.preprocess((v) => (v === '' ? undefined : v), eventStoreUrl.optional()),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Prometheus /metrics on a second, internal port (unset: off); bound to METRICS_HOST (ADR 0026). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** How often the worker verifies the whole chain and signs a checkpoint of its head (issue 16): 24h, 30m, 7d, or off. */
  AUDIT_CHECKPOINT_EVERY: z
    .string()
    .regex(/^(off|0|\d+[smhd])$/, 'AUDIT_CHECKPOINT_EVERY must be a duration like 24h, 30m or 7d, or off')
    .default('24h'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where npm start keeps local state (embedded Postgres, Redis, the generated master key). */
  ACADEMY_DATA_DIR: z.string().default(path.resolve('.data')),
  /** Folder holding frontends/<app>/dist; the API serves them on the same origin. */
  ACADEMY_FRONTENDS_DIR: z.string().optional(),
  /** Public URL people open (printed by npm start, used in mails). */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * The academy's IANA time zone: due dates are entered and shown in it, mails and CSVs are written
   * in it (the browser shows other instants in its own zone). Both markets are UTC+2.
   */
  ACADEMY_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone, e.g. Africa/Johannesburg').default(DEFAULT_ACADEMY_TIME_ZONE),
  /** Attendance rate (percent, 0–100) under which a student is flagged on their page (issue 31 §2). */
  ATTENDANCE_THRESHOLD: z.coerce.number().min(0, 'must be a percentage from 0 to 100').max(100, 'must be a percentage from 0 to 100').default(80),
  /** Key-encryption key of crypto-shredding (ADR 0003): base64 of 32 bytes; generated under ACADEMY_DATA_DIR outside production. */
  ACADEMY_MASTER_KEY: z
    .string()
    .refine((v) => Buffer.from(v.trim(), 'base64').length === 32, 'must be the base64 of exactly 32 random bytes (openssl rand -base64 32)')
    .optional(),
  /** Outgoing mail server (nodemailer URL). Optional outside production: npm start then runs a local catcher. */
  SMTP_URL: smtpUrl.optional(),
  /** The From header of every mail the academy sends. */
  MAIL_FROM: z.string().min(3).default('Academy <no-reply@academy.local>'),
  /** Staff who also receive admissions notifications (comma list); parsed to an array. */
  ADMISSIONS_EXTRA_EMAILS: emailList.optional(),
  /** HS256 key of access tokens (≥ 32 chars); generated under ACADEMY_DATA_DIR outside production. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (openssl rand -base64 48)').optional(),
  /** Email of the first administrator that POST /api/setup creates. */
  ACADEMY_ADMIN_EMAIL: z.string().email().default('admin@academy.local'),
  /**
   * Request header holding the visitor's country (ISO alpha-2) set by a trusted reverse proxy or CDN,
   * e.g. cf-ipcountry. Honoured only when set: otherwise a client could choose its own prices. Without
   * it (or when the proxy sends none) the country comes from the offline IP database.
   */
  TRUSTED_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name, e.g. cf-ipcountry')
    .transform((v) => v.toLowerCase())
    .optional(),
  /** Proxies trusted to give the client's address in X-Forwarded-For (rate limits per address). */
  TRUST_PROXY: trustProxy.default(false),
  /** Contact details the public site shows to visitors from South Africa (and any country but Zimbabwe). */
  CONTACT_ZA_PHONE: z.string().min(3).default('+27 10 500 0100'),
  CONTACT_ZA_EMAIL: z.string().regex(emailAddress, 'must be an email address').default('admissions@academy.co.za'),
  CONTACT_ZA_ADDRESS: z.string().min(3).default('Johannesburg, South Africa'),
  /** Contact details the public site shows to visitors from Zimbabwe. */
  CONTACT_ZW_PHONE: z.string().min(3).default('+263 24 270 0100'),
  CONTACT_ZW_EMAIL: z.string().regex(emailAddress, 'must be an email address').default('admissions@academy.co.zw'),
  CONTACT_ZW_ADDRESS: z.string().min(3).default('Harare, Zimbabwe'),
  /**
   * Prefix of every BullMQ and rate-limit key, so several academies (or test files) share one Redis;
   * default `academy`, or `{academy}` with REDIS_CLUSTER_NODES.
   */
  QUEUE_PREFIX: z
    .string()
    .min(1)
    .regex(QUEUE_PREFIX, 'letters, digits, - and _ only, with at most one {hash tag} such as {academy} (BullMQ forbids ":")')
    .optional(),
  // How long a job of a worker that died stays locked before another worker takes it over (BullMQ's
  // lockDuration and stalledInterval). Shorter means quicker takeover but more false stalls when an
  // event loop is blocked that long.
  QUEUE_STALL_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // How long a command (or a query sent with X-Academy-Min-Position) waits for the read models its
  // screen shows before it answers 202 (ADR 0005). A projection marked failing answers 503 at once.
  CONSISTENCY_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  // A projection that cannot apply an event tries it this many times, pausing RETRY_MS, then twice
  // that, …, then is marked failing (ADR 0010). Defaults: 5 tries over ≈ 30 s.
  PROJECTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  PROJECTION_RETRY_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  // Events a projection runner applies per transaction while it catches up (a replay, a rebuild, a
  // worker back after a pause); at the log's head a batch is whatever is new. Bigger catch-up batches
  // mean fewer statements, commits and key reads per event, and more of each batch folded (ADR 0035).
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_PROJECTION_BATCH_SIZE),
  // Outgoing calls (git hosts; ADR 0039): SUBMISSION_GIT_HOSTS and the test-only OUTGOING_TEST_HOSTS.
  ...outgoingConfigShape,
}).superRefine((c, ctx) => {
  for (const issue of outgoingConfigIssues(c)) ctx.addIssue({ code: 'custom', ...issue });
  if (!c.REDIS_URL && !c.REDIS_CLUSTER_NODES) {
    ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'is required (a redis:// connection URL), or REDIS_CLUSTER_NODES for a Redis Cluster' });
  }
  if (c.REDIS_CLUSTER_NODES && c.QUEUE_PREFIX !== undefined && !hasHashTag(c.QUEUE_PREFIX)) {
    ctx.addIssue({ code: 'custom', path: ['QUEUE_PREFIX'], message: 'must hold a {hash tag}, e.g. {academy}, when REDIS_CLUSTER_NODES is set (BullMQ\'s scripts need all of a queue\'s keys in one hash slot)' });
  }
  if (c.NODE_ENV === 'production' && !c.ACADEMY_MASTER_KEY) {
    ctx.addIssue({ code: 'custom', path: ['ACADEMY_MASTER_KEY'], message: 'is required in production (base64 of 32 bytes, kept apart from the database)' });
  }
  if (c.NODE_ENV === 'production' && !c.JWT_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production (at least 32 random characters, e.g. openssl rand -base64 48)' });
  }
  if (c.NODE_ENV === 'production' && !c.SMTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (smtp://user:pass@host:587)' });
  }
}).transform((c) => ({ ...c, QUEUE_PREFIX: c.QUEUE_PREFIX ?? (c.REDIS_CLUSTER_NODES ? '{academy}' : 'academy') }));

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment; throws ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
  throw new ConfigError(`academy: invalid configuration: ${problems.join('; ')}`);
}

/** For entry points: the one line on stderr and exit code 78 (EX_CONFIG) instead of a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(`${e.message}\n`);
    process.exit(78);
  }
}
