// CapstonePassed (grading) → EnrollmentWeekAdvanced (ARCHITECTURE.md §5): the student's enrollment in
// the CAPSTONE'S program advances one week, capped at 20, at most once per (student, capstone). The
// enrollment is found through the student's place in that program (the reservation stream names the
// newest enrollment there), read from the log itself, so a lagging read model cannot misdirect it; it
// advances only when active (fix: the spec used the first enrollment whatever its status).
// Idempotent under replay and retry twice over: decide refuses a second advance for the same capstone,
// and the event id derives from the CapstonePassed event's id, so a racing repeat is dropped by the store.
import {
  ConcurrencyError,
  DomainError,
  type EventStore,
  fold,
  reactionEventId,
  type ReactorDefinition,
  type StoredEvent,
} from '@academy/event-store';
import { type CapstonePassedData, GRADING_EVENTS } from '@academy/contracts';
import { decideEnrollment, enrollmentDecider, enrollmentStream } from '../domain/enrollment.js';
import { placeHolder, placeStream } from '../domain/places.js';

export const ADVANCE_WEEK_REACTOR = 'enrollment-week-advance';
const ATTEMPTS = 50;

export async function advanceWeekOnCapstonePassed(store: EventStore, cause: StoredEvent): Promise<void> {
  const d = cause.data as CapstonePassedData;
  for (let attempt = 0; ; attempt++) {
    const holder = placeHolder(await store.readStream(placeStream(d.studentId, d.programId)));
    if (!holder) return; // no enrollment in that program
    const streamId = enrollmentStream(holder);
    const history = await store.readStream(streamId);
    const state = fold(enrollmentDecider, history);
    let events;
    try {
      events = decideEnrollment({ type: 'AdvanceWeek', capstoneId: d.capstoneId }, state);
    } catch (e) {
      if (e instanceof DomainError) return; // already advanced for this capstone, or not active: nothing to do
      throw e;
    }
    if (!events.length) return; // week 20 already
    const metadata = { actorId: null, actorRole: 'system', correlationId: cause.metadata.correlationId, causationId: cause.id, occurredAt: new Date().toISOString() };
    try {
      await store.append(
        streamId,
        events.map((e) => ({ id: reactionEventId(ADVANCE_WEEK_REACTOR, cause.id), type: e.type, data: e.data, metadata })),
        history.at(-1)?.streamVersion ?? 0,
      );
      return;
    } catch (e) {
      // The enrollment moved meanwhile (a status change, another capstone): decide again on what it is now.
      if (e instanceof ConcurrencyError && attempt < ATTEMPTS) continue;
      throw e;
    }
  }
}

export function enrollmentReactors(store: EventStore): ReactorDefinition[] {
  return [{ name: ADVANCE_WEEK_REACTOR, reactions: { [GRADING_EVENTS.CapstonePassed]: (e) => advanceWeekOnCapstonePassed(store, e) } }];
}
