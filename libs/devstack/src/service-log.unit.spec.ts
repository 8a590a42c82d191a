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

  it('keeps request lines with ACADEMY_LOG=requests, everything raw with ACADEMY_LOG=json, and non-JSON lines as they are', () => {
    const request = line({ level: 30, req: { method: 'GET', path: '/api/programs' }, res: { statusCode: 200 }, responseTime: 4, msg: 'request completed' });
    expect(formatServiceLine('api', request, { mode: 'requests' })).toMatch(/ api {4}GET \/api\/programs 200 4 ms$/);
    expect(formatServiceLine('api', request, { mode: 'json' })).toBe(request);
    expect(formatServiceLine('worker', 'academy: invalid configuration: X')).toBe('academy: invalid configuration: X');
    expect(formatServiceLine('worker', '   ')).toBeNull();
  });
});
