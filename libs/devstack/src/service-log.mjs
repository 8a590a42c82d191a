// What `npm start` shows of the API's and the worker's logs (issue 17 §6). The services log JSON
// lines (pino), which is right for production's log collectors and wrong for a person at a
// terminal: Nest's ~95 start-up lines (modules initialised, routes mapped) and one line per request
// bury the few that matter. This turns each line into one short readable line, or drops it:
// - Nest's own start-up chatter below warn (InstanceLoader, RoutesResolver, RouterExplorer, …);
// - a request's completion line below warn (the request log is for the collector; ACADEMY_LOG=requests
//   keeps them);
// - everything else is shown: the services' own messages, every warning and error with its message.
// ACADEMY_LOG=json passes the services' lines through untouched.

/** Nest's bootstrap loggers: what a person never needs at info. */
const NEST_BOOT = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication', 'CqrsModule']);
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

const clock = (ms) => new Date(ms).toTimeString().slice(0, 8);

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
  return `${time} ${service.padEnd(6)}${label}${context} ${msg}${detail}${stack}`;
}
