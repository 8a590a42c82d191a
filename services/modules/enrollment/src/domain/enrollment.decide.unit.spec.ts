// given events / when command / then events (ARCHITECTURE.md §9): enrollment status rules, duplicates, places.
import { DomainError, type EventMetadata } from '@academy/event-store';
import { ENROLLMENT_MESSAGES, type EnrollmentStatus } from '@academy/contracts';
import { decideEnrollment, type EnrollmentCommand, enrollmentDecider, type EnrollmentEvent, type EnrollmentState, holdsPlace } from './enrollment.js';
import { enrollmentCode, PLACE_CLAIMED, PLACE_RELEASED, placeHolder } from './places.js';

const meta: EventMetadata = { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-23T00:00:00.000Z' };
const given = (...events: EnrollmentEvent[]): EnrollmentState =>
  events.reduce((s, e) => enrollmentDecider.evolve(s, { type: e.type, data: e.data, personal: null, metadata: meta }), enrollmentDecider.initialState());
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: e.message, fields: e.fields };
    throw e;
  }
  throw new Error('not refused');
};

const enroll: EnrollmentCommand = {
  type: 'EnrollStudent',
  enrollmentId: 'e1',
  code: 'ENR-2026-0001',
  studentId: 'st1',
  programId: 'p1',
  subjectId: 's1',
  studentIsLive: true,
  programExists: true,
  subjectInProgram: true,
  placeTaken: false,
};
const [enrolled] = decideEnrollment(enroll, given());
const status = (s: EnrollmentStatus, now: string): EnrollmentCommand => ({ type: 'ChangeStatus', status: s, now });
/** Applies a status command to a state and returns the new state and the events. */
function change(state: EnrollmentState, s: Parameters<typeof status>[0], now: string) {
  const events = decideEnrollment(status(s, now), state);
  return { events, state: events.reduce((st, e) => enrollmentDecider.evolve(st, { type: e.type, data: e.data, personal: null, metadata: meta }), state) };
}

describe('enrolling', () => {
  it('enrolls a live student in a subject of the program: pending, week 1, with its code', () => {
    expect(enrolled).toEqual({ type: 'StudentEnrolled', data: { enrollmentId: 'e1', code: 'ENR-2026-0001', studentId: 'st1', programId: 'p1', subjectId: 's1' } });
    expect(given(enrolled)).toMatchObject({ exists: true, status: 'pending', currentWeek: 1, activatedAt: null, completedAt: null });
  });

  it('names every bad field, refuses a second unfinished enrollment in the program, and an existing stream', () => {
    expect(refused(() => decideEnrollment({ ...enroll, studentIsLive: false, subjectInProgram: false }, given()))).toEqual({
      kind: 'invalid',
      message: 'Some fields are not valid',
      fields: { studentId: [ENROLLMENT_MESSAGES.notAStudent], subjectId: [ENROLLMENT_MESSAGES.subjectNotInProgram] },
    });
    expect(refused(() => decideEnrollment({ ...enroll, programExists: false, subjectInProgram: false }, given()))).toMatchObject({ fields: { programId: ['Choose a program'] } });
    expect(refused(() => decideEnrollment({ ...enroll, placeTaken: true }, given()))).toMatchObject({ kind: 'conflict', message: ENROLLMENT_MESSAGES.alreadyEnrolled });
    expect(refused(() => decideEnrollment(enroll, given(enrolled)))).toMatchObject({ kind: 'conflict' });
  });

  it('gives readable codes', () => {
    expect(enrollmentCode(2026, 1)).toBe('ENR-2026-0001');
    expect(enrollmentCode(2027, 12345)).toBe('ENR-2027-12345');
  });
});

describe('status changes (spec §4)', () => {
  it('moves from any status to any; the same status appends nothing', () => {
    let state = given(enrolled);
    for (const s of ['active', 'dropped', 'pending', 'completed', 'active', 'pending'] as const) {
      const r = change(state, s, '2026-11-24T00:00:00.000Z');
      expect(r.events).toHaveLength(1);
      expect(r.events[0]).toMatchObject({ type: 'EnrollmentStatusChanged', data: { enrollmentId: 'e1', status: s, previousStatus: state.status } });
      state = r.state;
      expect(state.status).toBe(s);
    }
    expect(change(state, 'pending', '2026-11-25T00:00:00.000Z').events).toEqual([]);
  });

  it('active stamps activatedAt only when none exists; completed stamps completedAt every time', () => {
    const first = change(given(enrolled), 'active', '2026-11-24T00:00:00.000Z');
    expect(first.events[0].data).toEqual({ enrollmentId: 'e1', status: 'active', previousStatus: 'pending', activatedAt: '2026-11-24T00:00:00.000Z' });
    const done = change(first.state, 'completed', '2026-11-25T00:00:00.000Z');
    expect(done.events[0].data).toEqual({ enrollmentId: 'e1', status: 'completed', previousStatus: 'active', completedAt: '2026-11-25T00:00:00.000Z' });
    const again = change(done.state, 'active', '2026-11-26T00:00:00.000Z');
    expect(again.events[0].data).not.toHaveProperty('activatedAt');
    expect(again.state).toMatchObject({ activatedAt: '2026-11-24T00:00:00.000Z', completedAt: '2026-11-25T00:00:00.000Z' });
    const redone = change(again.state, 'completed', '2026-11-27T00:00:00.000Z');
    expect(redone.state.completedAt).toBe('2026-11-27T00:00:00.000Z');
  });

  it('is refused for an enrollment that does not exist', () => {
    expect(refused(() => decideEnrollment(status('active', 'x'), given()))).toMatchObject({ kind: 'not_found', message: ENROLLMENT_MESSAGES.enrollmentNotFound });
  });

  it('pending and active hold the place in the program; completed and dropped free it', () => {
    expect(['pending', 'active', 'completed', 'dropped'].map((s) => holdsPlace(s as never))).toEqual([true, true, false, false]);
    expect(placeHolder([{ type: PLACE_CLAIMED, data: { enrollmentId: 'e1' } }])).toBe('e1');
    expect(placeHolder([{ type: PLACE_CLAIMED, data: { enrollmentId: 'e1' } }, { type: PLACE_RELEASED, data: { enrollmentId: 'e1' } }, { type: PLACE_CLAIMED, data: { enrollmentId: 'e2' } }])).toBe('e2');
  });

  it('follows EnrollmentWeekAdvanced', () => {
    expect(given(enrolled, { type: 'EnrollmentWeekAdvanced', data: { enrollmentId: 'e1', week: 4 } }).currentWeek).toBe(4);
  });
});

describe('week advance on a passed capstone (ARCHITECTURE.md §5)', () => {
  it('advances an active enrollment by one, once per capstone, capped at 20; not a pending one', () => {
    let state = given(enrolled);
    expect(refused(() => decideEnrollment({ type: 'AdvanceWeek', capstoneId: 'c1' }, state))).toMatchObject({ kind: 'conflict' });
    state = change(state, 'active', '2026-11-24T00:00:00.000Z').state;
    const events = decideEnrollment({ type: 'AdvanceWeek', capstoneId: 'c1' }, state);
    expect(events).toEqual([{ type: 'EnrollmentWeekAdvanced', data: { enrollmentId: 'e1', week: 2, capstoneId: 'c1' } }]);
    state = events.reduce((s, e) => enrollmentDecider.evolve(s, { type: e.type, data: e.data, personal: null, metadata: meta }), state);
    expect(state.currentWeek).toBe(2);
    expect(refused(() => decideEnrollment({ type: 'AdvanceWeek', capstoneId: 'c1' }, state))).toMatchObject({ kind: 'conflict' });
    for (let i = 2; i <= 25; i++) {
      const more = decideEnrollment({ type: 'AdvanceWeek', capstoneId: `c${i}` }, state);
      state = more.reduce((s, e) => enrollmentDecider.evolve(s, { type: e.type, data: e.data, personal: null, metadata: meta }), state);
    }
    expect(state.currentWeek).toBe(20);
    expect(decideEnrollment({ type: 'AdvanceWeek', capstoneId: 'c99' }, state)).toEqual([]);
  });
});
