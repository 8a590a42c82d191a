import { assertRoutes, planJobs } from '../dispatch/routes.js';
import type { StoredEvent } from '../port.js';
import { commandAnswer, POSITION_HEADER } from './consistency.js';
import { advisoryKey, assertProjectionName, versionSchema } from './control.js';

const ev = (position: number, type: string, id = `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`): StoredEvent => ({
  position,
  streamId: 's',
  streamVersion: position,
  id,
  type,
  schemaVersion: 1,
  data: { n: position },
  personal: null,
  erased: false,
  metadata: { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00Z' },
  recordedAt: '2026-01-01T00:00:00.000000Z',
  hash: 'h',
});

describe('projection names and keys', () => {
  it('accepts plain identifiers and refuses what would break a schema name or collide', () => {
    for (const ok of ['catalog_programs', 'a', 'x1_y2']) expect(() => assertProjectionName(ok)).not.toThrow();
    for (const bad of ['', 'Bad', 'a__b', '_a', 'a_', 'public', 'projections', 'event_store', 'pg_x', 'a-b', 'x'.repeat(41), 'a"b']) {
      expect(() => assertProjectionName(bad)).toThrow(/invalid projection name/);
    }
  });
  it('names version schemas so they never collide with a read schema', () => {
    expect(versionSchema('grades', 3)).toBe('grades__v3');
    expect(versionSchema('grades', 3, 'ab12')).toBe('grades__v3_ab12');
  });
  it('derives distinct, stable 64-bit lock keys', () => {
    expect(advisoryKey('runner', 'p', 'a', 1)).toBe(advisoryKey('runner', 'p', 'a', 1));
    expect(advisoryKey('runner', 'p', 'a', 1)).not.toBe(advisoryKey('runner', 'p', 'a', 2));
    expect(BigInt(advisoryKey('x'))).toBeLessThan(2n ** 63n);
  });
});

describe('read-your-writes answer', () => {
  it('is 200 with the position when reached, 202 with the position and Retry-After past the bound', () => {
    expect(commandAnswer({ reached: true, position: 42, behind: [], waitedMs: 3 })).toEqual({ status: 200, headers: { [POSITION_HEADER]: '42' } });
    expect(commandAnswer({ reached: false, position: 42, behind: [{ name: 'x', checkpoint: 40 }], waitedMs: 3000 })).toEqual({
      status: 202,
      headers: { [POSITION_HEADER]: '42', 'Retry-After': '1' },
    });
  });
});

describe('dispatch plan', () => {
  it('maps routed events to jobs per queue in log order, job id = event id, nothing for other types', () => {
    const plan = planJobs([ev(1, 'A'), ev(2, 'B'), ev(3, 'A')], {
      A: [{ queue: 'mail' }, { queue: 'inbox', jobName: 'notify', data: (e) => ({ p: e.position }), opts: { attempts: 5 } }],
    });
    expect([...plan.keys()]).toEqual(['mail', 'inbox']);
    expect(plan.get('mail')!.map((j) => [j.name, j.opts.jobId])).toEqual([
      ['A', ev(1, 'A').id],
      ['A', ev(3, 'A').id],
    ]);
    expect(plan.get('inbox')![1]).toEqual({ name: 'notify', data: { p: 3 }, opts: { attempts: 5, jobId: ev(3, 'A').id } });
    expect(plan.get('mail')![0].data).toMatchObject({ eventId: ev(1, 'A').id, position: 1, data: { n: 1 }, hasPersonal: false });
    expect(plan.get('mail')![0].data).not.toHaveProperty('personal');
  });
  it('routes only the events a route wants, when it says', () => {
    const plan = planJobs([ev(1, 'A'), ev(2, 'A'), ev(3, 'A')], { A: [{ queue: 'odd', when: (e) => e.position % 2 === 1 }, { queue: 'all' }] });
    expect(plan.get('odd')!.map((j) => j.opts.jobId)).toEqual([ev(1, 'A').id, ev(3, 'A').id]);
    expect(plan.get('all')).toHaveLength(3);
  });
  it("refuses ids with ':' and two routes of one type into one queue", () => {
    expect(() => planJobs([ev(1, 'A', 'a:b')], { A: { queue: 'q' } })).toThrow(/':'/);
    expect(() => assertRoutes({ A: [{ queue: 'q' }, { queue: 'q' }] })).toThrow(/one job per queue/);
  });
});
