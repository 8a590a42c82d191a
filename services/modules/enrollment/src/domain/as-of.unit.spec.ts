// Time travel's fold of one enrollment (ADR 0031): the state after a prefix of its stream.
import type { StoredEvent } from '@academy/event-store';
import { enrollmentAsOf } from './as-of.js';

let position = 0;
const stored = (type: string, data: unknown, occurredAt = '2026-11-24T08:00:00.000Z'): StoredEvent => ({
  position: ++position,
  streamId: 'enrollment-e1',
  streamVersion: position,
  id: `id-${position}`,
  type,
  schemaVersion: type === 'EnrollmentWeekAdvanced' ? 2 : 1,
  data,
  personal: null,
  erased: false,
  metadata: { actorId: null, actorRole: 'system', correlationId: 'c', causationId: null, occurredAt },
  recordedAt: occurredAt,
  hash: '',
});

const history = [
  stored('StudentEnrolled', { enrollmentId: 'e1', code: 'ENR-2026-0001', studentId: 'st1', programId: 'p1', subjectId: 's1' }, '2026-11-24T08:00:00Z'),
  stored('EnrollmentStatusChanged', { enrollmentId: 'e1', status: 'active', previousStatus: 'pending', activatedAt: '2026-11-24T09:00:00.000Z' }),
  stored('EnrollmentWeekAdvanced', { enrollmentId: 'e1', currentWeek: 2, capstoneId: 'c1' }),
];

it('is nothing before the enrollment, then each prefix of the stream as the screens show it', () => {
  expect(enrollmentAsOf([])).toBeNull();
  expect(enrollmentAsOf(history.slice(0, 1))).toEqual({
    enrollmentId: 'e1',
    code: 'ENR-2026-0001',
    studentId: 'st1',
    programId: 'p1',
    subjectId: 's1',
    status: 'pending',
    currentWeek: 1,
    percent: 5,
    enrolledAt: '2026-11-24T08:00:00.000Z',
    activatedAt: null,
    completedAt: null,
  });
  expect(enrollmentAsOf(history.slice(0, 2))).toMatchObject({ status: 'active', currentWeek: 1, activatedAt: '2026-11-24T09:00:00.000Z' });
  expect(enrollmentAsOf(history)).toMatchObject({ status: 'active', currentWeek: 2, percent: 10 });
});
