// CapstonePassed (grading) → EnrollmentWeekAdvanced (ARCHITECTURE.md §5): the student's enrollment in
// the CAPSTONE'S program advances one week, capped at 20, at most once per (student, capstone). The
// enrollment is found through the student's place in that program (the reservation stream names the
// newest enrollment there), read from the log itself, so a lagging read model cannot misdirect it; it
// advances only when active (fix: the spec used the first enrollment whatever its status).
// Idempotent under replay and retry twice over: decide refuses a second advance for the same capstone,
// and the event ids derive from the CapstonePassed event's id (the pipeline's idempotency key), so a
// racing repeat is dropped by the store.
import { DomainError, type EventStore, type ReactorDefinition, Retry, runCommand, type StoredEvent } from '@academy/event-store';
import { CapstonePassedV1, GRADING_EVENTS } from '@academy/contracts';
import { enrollmentDecider, enrollmentStream } from '../domain/enrollment.js';
import { placeHolder, placeStream } from '../domain/places.js';

export const ADVANCE_WEEK_REACTOR = 'enrollment-week-advance';
/** The enrollment may move meanwhile (a status change, another capstone): decide again on what it is now. */
const RETRY = Retry.onConflict(50);

export async function advanceWeekOnCapstonePassed(store: EventStore, cause: StoredEvent): Promise<void> {
  const d = CapstonePassedV1.parse(cause);
  const metadata = { actorId: null, actorRole: 'system', correlationId: cause.metadata.correlationId, causationId: cause.id, occurredAt: new Date().toISOString() };
  try {
    await runCommand(store, metadata, {
      retry: RETRY,
      // Derived event ids: a replay of the same CapstonePassed appends nothing (the decider refuses it too).
      idempotencyKey: `${ADVANCE_WEEK_REACTOR}/${cause.id}`,
      execute: async (unit) => {
        const holder = placeHolder((await unit.readStream(placeStream(d.studentId, d.programId))).events);
        if (!holder) return; // no enrollment in that program
        const enrollment = await unit.load(enrollmentStream(holder), enrollmentDecider);
        unit.decide(enrollment, enrollmentDecider, { type: 'AdvanceWeek', capstoneId: d.capstoneId }); // [] at week 20
      },
    });
  } catch (e) {
    // Already advanced for this capstone, or the enrollment is not active: nothing to do.
    if (e instanceof DomainError) return;
    throw e;
  }
}

export function enrollmentReactors(store: EventStore): ReactorDefinition[] {
  return [{ name: ADVANCE_WEEK_REACTOR, reactions: { [GRADING_EVENTS.CapstonePassed]: (e) => advanceWeekOnCapstonePassed(store, e) } }];
}
