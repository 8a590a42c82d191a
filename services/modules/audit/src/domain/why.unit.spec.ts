import type { LogRow } from '@academy/event-store';
import { WHY_MAX_STEPS, walkWhy, whyValueLabel } from './why.js';

const row = (position: number, type: string, m: Partial<LogRow['metadata']> = {}): LogRow => ({
  position,
  streamId: `s-${position}`,
  streamVersion: 1,
  id: `id-${position}`,
  type,
  schemaVersion: 1,
  data: {},
  metadata: { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: `t${position}`, ...m },
  recordedAt: `t${position}`,
  personal: 'none',
  subjectId: null,
  hash: '',
  prevHash: '',
});

/** Lookups over an in-memory log, with the same rules as the SQL ones. */
function over(log: LogRow[]) {
  return {
    byId: async (id: string) => log.find((e) => e.id === id) ?? null,
    sameCommandBefore: async (r: LogRow) =>
      log.filter((e) => e.position < r.position && e.metadata.correlationId === r.metadata.correlationId && e.metadata.occurredAt === r.metadata.occurredAt && e.metadata.causationId === r.metadata.causationId && e.metadata.actorId === r.metadata.actorId),
  };
}

describe('walkWhy', () => {
  it('follows a causation id, then the events the same command appended before', async () => {
    const grading = { actorId: 'teacher-x', occurredAt: 'T' };
    const log = [row(1, 'WorkSubmitted', { actorId: 'student' }), row(2, 'SubmissionGraded', grading), row(3, 'CapstonePassed', grading), row(4, 'EnrollmentWeekAdvanced', { causationId: 'id-3' })];
    const chain = await walkWhy(log[3], over(log));
    expect(chain.map((s) => `${s.link} ${s.type} ${s.metadata.actorId}`)).toEqual(['value EnrollmentWeekAdvanced null', 'caused CapstonePassed teacher-x', 'same-command SubmissionGraded teacher-x']);
  });

  it('stops at a causation id the log does not hold, and on a cycle', async () => {
    expect((await walkWhy(row(1, 'A', { causationId: 'missing' }), over([]))).map((s) => s.type)).toEqual(['A']);
    const a = row(1, 'A', { causationId: 'id-2' });
    const b = row(2, 'B', { causationId: 'id-1' });
    expect((await walkWhy(b, over([a, b]))).map((s) => s.type)).toEqual(['B', 'A']);
  });

  it('is bounded on a long chain', async () => {
    const log = Array.from({ length: 200 }, (_, i) => row(i + 1, 'E', { causationId: i === 0 ? null : `id-${i}`, occurredAt: `t${i}` }));
    expect(await walkWhy(log[199], over(log))).toHaveLength(WHY_MAX_STEPS);
  });
});

describe('whyValueLabel', () => {
  it('reads the week from v2 and v1 events and starts at week 1', () => {
    expect(whyValueLabel('enrollment-week', { type: 'EnrollmentWeekAdvanced', data: { currentWeek: 3 } })).toBe('Week 3');
    expect(whyValueLabel('enrollment-week', { type: 'EnrollmentWeekAdvanced', data: { week: 2 } })).toBe('Week 2');
    expect(whyValueLabel('enrollment-week', { type: 'StudentEnrolled', data: {} })).toBe('Week 1');
    expect(whyValueLabel('enrollment-status', { type: 'EnrollmentStatusChanged', data: { status: 'active' } })).toBe('active');
  });
});
