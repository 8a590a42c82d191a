// Why a projection could not apply an event, and whether trying again can help (ADR 0010).
// Transient: the database or the network was in the way (retried forever, never marked failing).
// Anything else is a property of the event and the code (a data error, a bug): trying the same
// event with the same code gives the same answer, so after a few tries the projection is marked failing.
import type { StoredEvent } from '../port.js';

/**
 * SQLSTATE classes and codes that say nothing about the event: connection exceptions (08),
 * insufficient resources (53), operator intervention (57: admin shutdown, pg_terminate_backend,
 * statement timeout, cannot connect now), system errors (58); serialization failure and deadlock
 * (40001, 40P01); lock not available (55P03, lock_timeout); object in use (55006).
 */
const TRANSIENT_CLASSES = new Set(['08', '53', '57', '58']);
const TRANSIENT_CODES = new Set(['40001', '40P01', '55P03', '55006']);
/** Socket errors of node and the driver's own messages for a dropped connection (they carry no SQLSTATE). */
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TRANSIENT_MESSAGES = [/connection terminated/i, /connection error/i, /not queryable/i, /timeout exceeded when trying to connect/i];

export function isTransientError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_CLASSES.has(code.slice(0, 2)) || TRANSIENT_CODES.has(code);
    if (TRANSIENT_NODE_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && TRANSIENT_MESSAGES.some((m) => m.test(message))) return true;
  return isTransientError((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * The text stored in the checkpoint row and shown by health and the CLI: the event and the error,
 * made storable (an error may quote the very data that broke it: no NUL, no lone surrogate) and short.
 */
export function describeFailure(event: StoredEvent, error: unknown): string {
  const code = error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string' ? `[${(error as { code: string }).code}] ` : '';
  const message = error instanceof Error ? error.message : String(error);
  const text = `${event.type} ${event.id}: ${code}${message}`;
  return storable(text).slice(0, 1000);
}

export function storable(text: string): string {
  return text.replaceAll('\u0000', '\\0').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
