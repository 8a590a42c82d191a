import { formatServiceLine } from './service-log.mjs';

const at = Date.UTC(2026, 10, 24, 17, 5, 9);
const line = (o: Record<string, unknown>) => JSON.stringify({ time: at, pid: 1, hostname: 'vm', ...o });

describe("npm start's view of the services' logs", () => {
  it("drops Nest's start-up chatter and request lines at info, keeps the services' own messages", () => {
    expect(formatServiceLine('api', line({ level: 30, context: 'InstanceLoader', msg: 'AppModule dependencies initialized' }))).toBeNull();
    expect(formatServiceLine('api', line({ level: 30, context: 'RouterExplorer', msg: 'Mapped {/api/health, GET} route' }))).toBeNull();
    expect(formatServiceLine('api', line({ level: 30, req: { method: 'GET', path: '/api/programs' }, res: { statusCode: 200 }, responseTime: 4, msg: 'request completed' }))).toBeNull();
    const own = formatServiceLine('worker', line({ level: 30, context: 'projections', msg: 'running 7 projection(s)' }));
    expect(own).toMatch(/^\d\d:\d\d:\d\d worker \[projections\] running 7 projection\(s\)$/);
  });

  it('shows every warning and error, with the error message and, for errors, the stack', () => {
    expect(formatServiceLine('api', line({ level: 40, context: 'InstanceLoader', msg: 'odd' }))).toMatch(/ api {4}WARN \[InstanceLoader\] odd$/);
    const failed = formatServiceLine('api', line({ level: 50, req: { method: 'POST', path: '/api/weeks' }, res: { statusCode: 500 }, responseTime: 12, msg: 'request errored', err: { message: 'boom', stack: 'Error: boom\n    at decide (week.ts:1:1)' } }))!;
    expect(failed.split('\n')[0]).toMatch(/ api {4}ERROR POST \/api\/weeks 500 12 ms: boom$/);
    expect(failed.split('\n')[1].trim()).toBe('at decide (week.ts:1:1)');
  });

  it("shows the record's own scalar fields after the message, so a 404's line names the dead link", () => {
    const notFound = line({
      level: 40,
      context: 'not-found',
      req: { id: 7, method: 'POST', path: '/api/client-events/not-found' },
      path: '/no/such/page',
      referrer: null,
      userId: 'u-3f2a',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      msg: 'page not found',
    });
    // No req plumbing, no null referrer, no user agent (noise at a terminal; the JSON keeps it).
    expect(formatServiceLine('api', notFound)).toMatch(/ api {4}WARN \[not-found\] page not found path=\/no\/such\/page userId=u-3f2a$/);
    const error = formatServiceLine('worker', line({ level: 50, context: 'mail', jobId: 12, retrying: false, msg: 'send failed', err: { message: 'boom' } }))!;
    expect(error).toMatch(/\[mail\] send failed: boom jobId=12 retrying=false$/);
  });

  it('quotes a field that could fake a line or a field, and bounds each field and the whole list', () => {
    // A client-sent path with a newline or an escape sequence must not forge a second log line.
    const forged = formatServiceLine('api', line({ level: 40, msg: 'page not found', path: '/a\n12:00:00 api    ERROR x\u001b[2J', note: 'two words' }))!;
    expect(forged.split('\n')).toHaveLength(1);
    expect(forged).toContain('path="/a\\n12:00:00 api    ERROR x\\u001b[2J"');
    expect(forged).toContain('note="two words"');
    const long = formatServiceLine('api', line({ level: 30, msg: 'm', path: `/${'x'.repeat(500)}`, ...Object.fromEntries([...Array(40)].map((_, i) => [`k${i}`, 'v'.repeat(20)])) }))!;
    const fields = long.slice(long.indexOf(' m ') + 3);
    expect(fields.length).toBeLessThanOrEqual(300);
    expect(fields).toMatch(/^path=\/x{78}… /);
    expect(fields.endsWith('…')).toBe(true);
  });

  it('keeps request lines with ACADEMY_LOG=requests, everything raw with ACADEMY_LOG=json, and non-JSON lines as they are', () => {
    const request = line({ level: 30, req: { method: 'GET', path: '/api/programs' }, res: { statusCode: 200 }, responseTime: 4, msg: 'request completed' });
    expect(formatServiceLine('api', request, { mode: 'requests' })).toMatch(/ api {4}GET \/api\/programs 200 4 ms$/);
    expect(formatServiceLine('api', request, { mode: 'json' })).toBe(request);
    expect(formatServiceLine('worker', 'academy: invalid configuration: X')).toBe('academy: invalid configuration: X');
    expect(formatServiceLine('worker', '   ')).toBeNull();
  });
});
