// Two reservation streams that make enrollment rules hold under concurrency, each with its decider:
// - the place of a student in a program, `enrollment-place-<studentId>-<programId>`: its events name
//   the enrollment holding it. Enrolling (or reactivating a completed/dropped enrollment) claims it in
//   the same atomic append as the enrollment's event, guarded by the version read; a holder whose
//   enrollment is completed or dropped is released in that append.
// - the code counter of a year, `enrollment-codes-<year>`: event n issues ENR-<year>-<nnnn>.
// Plain TS: the handler reads the holder's status (another stream) and hands it to decide.
import { DomainError, type Decider, type LoadedEvent } from '@academy/event-store';
import { ENROLLMENT_MESSAGES, type EnrollmentStatus } from '@academy/contracts';
import { holdsPlace } from './enrollment.js';

export const PLACE_CLAIMED = 'EnrollmentPlaceClaimed';
export const PLACE_RELEASED = 'EnrollmentPlaceReleased';
export const CODE_ISSUED = 'EnrollmentCodeIssued';

export const placeStream = (studentId: string, programId: string) => `enrollment-place-${studentId}-${programId}`;
export const codeStream = (year: number) => `enrollment-codes-${year}`;
export const enrollmentCode = (year: number, n: number) => `ENR-${year}-${String(n).padStart(4, '0')}`;

// ---- the place of a student in a program ----

export type PlaceEvent = { type: typeof PLACE_CLAIMED; data: { enrollmentId: string } } | { type: typeof PLACE_RELEASED; data: { enrollmentId: string } };

export interface PlaceState {
  /** The enrollment holding the place (null: free). */
  holder: string | null;
}

function nextHolder(holder: string | null, event: { type: string; data: unknown }): string | null {
  const id = (event.data as { enrollmentId: string }).enrollmentId;
  if (event.type === PLACE_CLAIMED) return id;
  // A stale release of an earlier holder frees nothing.
  if (event.type === PLACE_RELEASED && id === holder) return null;
  return holder;
}

export const evolvePlace = (state: PlaceState, event: LoadedEvent<string, unknown>): PlaceState => ({ holder: nextHolder(state.holder, event) });

/** The enrollment holding the place after these events (null: free). */
export const placeHolder = (events: readonly { type: string; data: unknown }[]): string | null => events.reduce(nextHolder, null);

export interface ClaimPlace {
  type: 'ClaimPlace';
  enrollmentId: string;
  /** The status of the enrollment holding the place now, when it is another one (null: free, or held by this one). */
  holderStatus: EnrollmentStatus | null;
}

/**
 * One pending/active enrollment per student and program: a place held by another unfinished
 * enrollment is refused; one held by a completed/dropped enrollment is released and claimed. The
 * claim is appended even when this enrollment holds the place already, so that every write that
 * makes an enrollment unfinished moves the place stream and two such writes cannot both succeed.
 */
export function decidePlace(command: ClaimPlace, state: PlaceState): PlaceEvent[] {
  const other = state.holder !== null && state.holder !== command.enrollmentId ? state.holder : null;
  if (other !== null && command.holderStatus !== null && holdsPlace(command.holderStatus)) throw new DomainError('conflict', ENROLLMENT_MESSAGES.alreadyEnrolled);
  const released: PlaceEvent[] = other !== null ? [{ type: PLACE_RELEASED, data: { enrollmentId: other } }] : [];
  return [...released, { type: PLACE_CLAIMED, data: { enrollmentId: command.enrollmentId } }];
}

export const placeDecider: Decider<ClaimPlace, PlaceEvent, PlaceState> = {
  initialState: () => ({ holder: null }),
  evolve: evolvePlace,
  decide: decidePlace,
};

/** A status change from `from` to `to` must claim the place again (a completed/dropped enrollment made pending/active). */
export const reclaimsPlace = (from: EnrollmentStatus, to: EnrollmentStatus) => !holdsPlace(from) && holdsPlace(to);

// ---- the year's code counter ----

export interface CodeIssuedData {
  number: number;
  code: string;
  enrollmentId: string;
}
export type CodeEvent = { type: typeof CODE_ISSUED; data: CodeIssuedData };

export interface CodeCounterState {
  /** The last number issued (0: none yet). */
  issued: number;
}

/** Issues the next codes of `year`, one per enrollment, in order. */
export interface IssueCodes {
  type: 'IssueCodes';
  year: number;
  enrollmentIds: string[];
}

export function decideCodes(command: IssueCodes, state: CodeCounterState): CodeEvent[] {
  return command.enrollmentIds.map((enrollmentId, i) => {
    const number = state.issued + i + 1;
    return { type: CODE_ISSUED, data: { number, code: enrollmentCode(command.year, number), enrollmentId } };
  });
}

export const codeCounterDecider: Decider<IssueCodes, CodeEvent, CodeCounterState> = {
  initialState: () => ({ issued: 0 }),
  evolve: (state, event) => (event.type === CODE_ISSUED ? { issued: (event.data as CodeIssuedData).number } : state),
  decide: decideCodes,
};
