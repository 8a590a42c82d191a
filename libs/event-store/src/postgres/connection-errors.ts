// A Postgres restart or failover is an outage, not a crash (issue 13). node-postgres reports a
// connection that the server dropped as an 'error' EVENT, and an 'error' event without a listener
// kills the process. pg-pool listens on idle clients and re-emits on the pool (unguarded by default),
// and it removes its listener from a client while that client is checked out: a transaction that
// waits on something else (a mail send, an advisory lock) when Postgres goes away would crash the
// process. guardPool closes both holes; the query in flight still rejects on its own.
import type pg from 'pg';

const guarded = new WeakSet<pg.Pool>();

/** Listens for 'error' on the pool and on every client it makes; `log` gets one line each. Idempotent. */
export function guardPool<P extends pg.Pool>(pool: P, log: (message: string) => void = () => {}): P {
  if (guarded.has(pool)) return pool;
  guarded.add(pool);
  pool.on('error', (e) => log(`PostgreSQL connection lost (idle client): ${e.message}`));
  pool.on('connect', (client) => client.on('error', (e) => log(`PostgreSQL connection lost: ${e.message}`)));
  return pool;
}

// SQLSTATEs that mean "the server is not there right now", not "this statement is wrong":
// class 08 (connection exception), 57P01-57P05 (admin/crash shutdown, cannot connect now, idle
// session timeout) and 53300 (too many connections).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-5]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE = /Connection terminated|connection terminated|Client has encountered a connection error|Connection ended|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|terminating connection/;

/**
 * True when `error` (or anything in its cause chain, or an AggregateError's members) says the
 * database could not be reached or dropped the connection: a transient condition to retry or to
 * answer with 503, never a reason to mark something failing.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; name?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (e.name === 'ConnectionException') return true; // MikroORM's wrapper of the above
  if (e.name === 'EventStoreUnavailableError') return true; // the KurrentDB adapter's (kurrent/mapping.ts)
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return e.cause !== undefined && e.cause !== error && isDatabaseUnavailable(e.cause, depth + 1);
}
