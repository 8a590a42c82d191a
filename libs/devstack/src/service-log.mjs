// What `npm start` shows of the API's and the worker's logs (issue 17 §6). The services log JSON
// lines (pino), which is right for production's log collectors and wrong for a person at a
// terminal: Nest's ~95 start-up lines (modules initialised, routes mapped) and one line per request
// bury the few that matter. This turns each line into one short readable line, or drops it:
// - Nest's own start-up chatter below warn (InstanceLoader, RoutesResolver, RouterExplorer, …);
// - a request's completion line below warn (the request log is for the collector; ACADEMY_LOG=requests
//   keeps them);
// - everything else is shown: the services' own messages, every warning and error with its message,
//   followed by the record's own scalar fields as key=value (a 404's path, a job's id: what the
//   message is about; without them "page not found" does not say which link is dead, issue 28 §5).
// ACADEMY_LOG=json passes the services' lines through untouched.

/** Nest's bootstrap loggers: what a person never needs at info. */
const NEST_BOOT = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication', 'CqrsModule']);
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

const clock = (ms) => new Date(ms).toTimeString().slice(0, 8);

/** Fields every record has (pino's, Nest's context) or that the line already shows (msg, err, a request's parts). */
const PLUMBING = new Set(['level', 'time', 'pid', 'hostname', 'name', 'v', 'context', 'msg', 'req', 'res', 'responseTime', 'reqId', 'err']);
/** Fields kept in the JSON (ACADEMY_LOG=json) but not worth a terminal line: ~120 characters, the same browser on every line. */
const NOISY = new Set(['userAgent']);
const MAX_VALUE = 80;
const MAX_FIELDS = 240;
/** A value shown bare: nothing that could end the field early or fake a line (spaces, quotes, =, controls, escapes). */
const BARE = /^[^\s"'=\\\p{C}]+$/u;

/** The record's own scalar fields as ` key=value …`, each and all bounded, or ''. */
function fieldsOf(entry) {
  let out = '';
  for (const [key, value] of Object.entries(entry)) {
    if (PLUMBING.has(key) || NOISY.has(key) || !/^[A-Za-z_][\w.-]*$/.test(key)) continue;
    // null says "none" (no referrer, signed out): nothing to read. Objects and arrays are the JSON's.
    if (value === null || !['string', 'number', 'boolean'].includes(typeof value)) continue;
    let text = String(value);
    if (text.length > MAX_VALUE) text = `${text.slice(0, MAX_VALUE - 1)}…`;
    // Client-sent text (a 404's path) may hold a newline or an escape sequence: quoted, it stays one field on one line.
    const field = ` ${key}=${BARE.test(text) ? text : JSON.stringify(text)}`;
    if (out.length + field.length > MAX_FIELDS) return `${out} …`;
    out += field;
  }
  return out;
}

/**
 * One line of a service's output as `npm start` prints it, or null to drop it.
 * @param {string} service 'api' | 'worker'
 * @param {string} line one line of its stdout or stderr
 * @param {{ mode?: string }} [options] mode: ACADEMY_LOG ('' | 'requests' | 'json')
 * @returns {string | null}
 */
export function formatServiceLine(service, line, { mode = '' } = {}) {
  if (mode === 'json') return line;
  if (!line.trim()) return null;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line; // not a log entry (e.g. "academy: invalid configuration: …" before the logger exists): as it is
  }
  if (!entry || typeof entry !== 'object' || typeof entry.level !== 'number') return line;
  const level = entry.level;
  if (level < 40 && NEST_BOOT.has(entry.context)) return null;
  const isRequest = entry.req && entry.res;
  if (level < 40 && isRequest && mode !== 'requests') return null;
  const time = typeof entry.time === 'number' ? clock(entry.time) : '';
  const label = level >= 40 ? ` ${(LEVELS[level] ?? String(level)).toUpperCase()}` : '';
  const context = entry.context ? ` [${entry.context}]` : '';
  let msg = typeof entry.msg === 'string' ? entry.msg : '';
  if (isRequest) msg = `${entry.req.method} ${entry.req.path ?? entry.req.url ?? ''} ${entry.res.statusCode}${typeof entry.responseTime === 'number' ? ` ${entry.responseTime} ms` : ''}${msg && !/^request (completed|errored)$/.test(msg) ? ` ${msg}` : ''}`;
  const err = entry.err && typeof entry.err === 'object' ? entry.err : null;
  const detail = err && err.message && !msg.includes(err.message) ? `: ${err.message}` : '';
  // A stack is what a person needs to report an error; indented under its line.
  const stack = level >= 50 && err && typeof err.stack === 'string' ? `\n${err.stack.split('\n').slice(1).map((l) => `         ${l.trim()}`).join('\n')}` : '';
  return `${time} ${service.padEnd(6)}${label}${context} ${msg}${detail}${fieldsOf(entry)}${stack}`;
}
