// given events / when command / then events (ARCHITECTURE.md §9): enrollment status rules, the week
// advance, the place of a student in a program, the year's code counter.
import { ENROLLMENT_MESSAGES, type EnrollmentStatus } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { type EnrollmentCommand, enrollmentDecider, type EnrollmentEvent, holdsPlace } from './enrollment.js';
import { codeCounterDecider, enrollmentCode, PLACE_CLAIMED, PLACE_RELEASED, placeDecider, placeHolder, reclaimsPlace } from './places.js';

const enrollment = deciderSpec(enrollmentDecider);
const place = deciderSpec(placeDecider);
const codes = deciderSpec(codeCounterDecider);

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
};
const enrolled: EnrollmentEvent = { type: 'StudentEnrolled', data: { enrollmentId: 'e1', code: 'ENR-2026-0001', studentId: 'st1', programId: 'p1', subjectId: 's1' } };
const status = (s: EnrollmentStatus, now = '2026-11-24T00:00:00.000Z'): EnrollmentCommand => ({ type: 'ChangeStatus', status: s, now });
const changed = (status: EnrollmentStatus, previousStatus: EnrollmentStatus, stamps: { activatedAt?: string; completedAt?: string } = {}): EnrollmentEvent => ({
  type: 'EnrollmentStatusChanged',
  data: { enrollmentId: 'e1', status, previousStatus, ...stamps },
});

describe('enrolling', () => {
  it('enrolls a live student in a subject of the program: pending, week 1, with its code', () => {
    enrollment.given().when(enroll).then([enrolled]);
    expect(enrollment.given(enrolled).state).toMatchObject({ exists: true, status: 'pending', currentWeek: 1, activatedAt: null, completedAt: null });
  });

  it('names every bad field, and refuses an existing stream', () => {
    enrollment
      .given()
      .when({ ...enroll, studentIsLive: false, subjectInProgram: false })
      .thenRefused({ kind: 'invalid', message: 'Some fields are not valid', fields: { studentId: [ENROLLMENT_MESSAGES.notAStudent], subjectId: [ENROLLMENT_MESSAGES.subjectNotInProgram] } });
    enrollment
      .given()
      .when({ ...enroll, programExists: false, subjectInProgram: false })
      .thenRefused({ kind: 'invalid', fields: { programId: ['Choose a program'] } });
    enrollment.given(enrolled).when(enroll).thenRefused('conflict');
  });
});

describe('status changes (spec §4)', () => {
  it('moves from any status to any; the same status appends nothing', () => {
    const history: EnrollmentEvent[] = [enrolled];
    let previous: EnrollmentStatus = 'pending';
    for (const s of ['active', 'dropped', 'pending', 'completed', 'active', 'pending'] as const) {
      const [event] = enrollment.given(...history).when(status(s)).then([expect.objectContaining({ type: 'EnrollmentStatusChanged', data: expect.objectContaining({ enrollmentId: 'e1', status: s, previousStatus: previous }) })]);
      history.push(event);
      previous = s;
      expect(enrollment.given(...history).state.status).toBe(s);
    }
    enrollment.given(...history).when(status('pending')).thenNothing();
  });

  it('active stamps activatedAt only when none exists; completed stamps completedAt every time', () => {
    const activated = changed('active', 'pending', { activatedAt: '2026-11-24T00:00:00.000Z' });
    enrollment.given(enrolled).when(status('active', '2026-11-24T00:00:00.000Z')).then([activated]);
    const completed = changed('completed', 'active', { completedAt: '2026-11-25T00:00:00.000Z' });
    enrollment.given(enrolled, activated).when(status('completed', '2026-11-25T00:00:00.000Z')).then([completed]);
    const reactivated = changed('active', 'completed');
    enrollment.given(enrolled, activated, completed).when(status('active', '2026-11-26T00:00:00.000Z')).then([reactivated]);
    expect(enrollment.given(enrolled, activated, completed, reactivated).state).toMatchObject({ activatedAt: '2026-11-24T00:00:00.000Z', completedAt: '2026-11-25T00:00:00.000Z' });
    enrollment
      .given(enrolled, activated, completed, reactivated)
      .when(status('completed', '2026-11-27T00:00:00.000Z'))
      .then([changed('completed', 'active', { completedAt: '2026-11-27T00:00:00.000Z' })]);
  });

  it('is refused for an enrollment that does not exist', () => {
    enrollment.given().when(status('active')).thenRefused({ kind: 'not_found', message: ENROLLMENT_MESSAGES.enrollmentNotFound });
  });

  it('follows EnrollmentWeekAdvanced', () => {
    expect(enrollment.given(enrolled, { type: 'EnrollmentWeekAdvanced', data: { enrollmentId: 'e1', currentWeek: 4, capstoneId: null } }).state.currentWeek).toBe(4);
  });
});

describe('week advance on a passed capstone (ARCHITECTURE.md §5)', () => {
  const activated = changed('active', 'pending', { activatedAt: '2026-11-24T00:00:00.000Z' });
  const advanced = (week: number, capstoneId: string): EnrollmentEvent => ({ type: 'EnrollmentWeekAdvanced', data: { enrollmentId: 'e1', currentWeek: week, capstoneId } });

  it('advances an active enrollment by one, once per capstone; not a pending one', () => {
    enrollment.given(enrolled).when({ type: 'AdvanceWeek', capstoneId: 'c1' }).thenRefused('conflict');
    enrollment.given(enrolled, activated).when({ type: 'AdvanceWeek', capstoneId: 'c1' }).then([advanced(2, 'c1')]);
    enrollment.given(enrolled, activated, advanced(2, 'c1')).when({ type: 'AdvanceWeek', capstoneId: 'c1' }).thenRefused('conflict');
    enrollment.given(enrolled, activated, advanced(2, 'c1')).when({ type: 'AdvanceWeek', capstoneId: 'c2' }).then([advanced(3, 'c2')]);
  });

  it('stops at week 20', () => {
    const to20 = Array.from({ length: 19 }, (_, i) => advanced(i + 2, `c${i + 2}`));
    expect(enrollment.given(enrolled, activated, ...to20).state.currentWeek).toBe(20);
    enrollment.given(enrolled, activated, ...to20).when({ type: 'AdvanceWeek', capstoneId: 'c99' }).thenNothing();
  });
});

describe('the place of a student in a program (one pending/active enrollment each)', () => {
  const claimed = (enrollmentId: string) => ({ type: PLACE_CLAIMED, data: { enrollmentId } }) as const;
  const released = (enrollmentId: string) => ({ type: PLACE_RELEASED, data: { enrollmentId } }) as const;

  it('is claimed when free', () => {
    place.given().when({ type: 'ClaimPlace', enrollmentId: 'e1', holderStatus: null }).then([claimed('e1')]);
  });

  it('is refused while another pending or active enrollment holds it', () => {
    for (const holderStatus of ['pending', 'active'] as const) {
      place.given(claimed('e1')).when({ type: 'ClaimPlace', enrollmentId: 'e2', holderStatus }).thenRefused({ kind: 'conflict', message: ENROLLMENT_MESSAGES.alreadyEnrolled });
    }
  });

  it('releases a completed or dropped holder and is claimed in the same step', () => {
    for (const holderStatus of ['completed', 'dropped'] as const) {
      place.given(claimed('e1')).when({ type: 'ClaimPlace', enrollmentId: 'e2', holderStatus }).then([released('e1'), claimed('e2')]);
    }
  });

  it('is claimed again by its own holder (a reactivation moves the stream, so a racing claim conflicts)', () => {
    place.given(claimed('e1')).when({ type: 'ClaimPlace', enrollmentId: 'e1', holderStatus: null }).then([claimed('e1')]);
  });

  it('knows its holder from its events; a stale release frees nothing', () => {
    expect(place.given(claimed('e1'), released('e1')).state.holder).toBeNull();
    expect(place.given(claimed('e1'), released('e1'), claimed('e2')).state.holder).toBe('e2');
    expect(place.given(claimed('e2'), released('e1')).state.holder).toBe('e2');
    expect(placeHolder([claimed('e1'), released('e1'), claimed('e2')])).toBe('e2');
    expect(placeHolder([])).toBeNull();
  });

  it('pending and active hold it; a status change from completed/dropped to pending/active claims it again', () => {
    expect(['pending', 'active', 'completed', 'dropped'].map((s) => holdsPlace(s as EnrollmentStatus))).toEqual([true, true, false, false]);
    expect(reclaimsPlace('dropped', 'active')).toBe(true);
    expect(reclaimsPlace('completed', 'pending')).toBe(true);
    expect(reclaimsPlace('pending', 'active')).toBe(false);
    expect(reclaimsPlace('active', 'dropped')).toBe(false);
    expect(reclaimsPlace('dropped', 'completed')).toBe(false);
  });
});

describe("the year's code counter", () => {
  const issued = (number: number, enrollmentId: string) => ({ type: 'EnrollmentCodeIssued', data: { number, code: enrollmentCode(2026, number), enrollmentId } }) as const;

  it('issues the next readable codes, one per enrollment, in order', () => {
    codes.given().when({ type: 'IssueCodes', year: 2026, enrollmentIds: ['e1'] }).then([issued(1, 'e1')]);
    codes
      .given(issued(1, 'e1'), issued(2, 'e2'))
      .when({ type: 'IssueCodes', year: 2026, enrollmentIds: ['e3', 'e4'] })
      .then([issued(3, 'e3'), issued(4, 'e4')]);
    expect(issued(3, 'e3').data.code).toBe('ENR-2026-0003');
  });

  it('pads to four digits and grows past them', () => {
    expect(enrollmentCode(2026, 1)).toBe('ENR-2026-0001');
    expect(enrollmentCode(2027, 12345)).toBe('ENR-2027-12345');
  });
});
