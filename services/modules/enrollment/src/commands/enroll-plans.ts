// The steps that enroll-student, import-enrollments and change-enrollment-status run inside one
// runCommand unit: they read the streams a rule needs and stage what the deciders decide; the
// pipeline appends it all in ONE step guarded by the versions read (ADR 0006, ADR 0015).
import { type CommandUnit, fold, type LoadedStream, Retry } from '@academy/event-store';
import type { EnrollmentStatus } from '@academy/contracts';
import { type EnrollmentCommand, enrollmentDecider, enrollmentStream } from '../domain/enrollment.js';
import { codeCounterDecider, codeStream, placeDecider, type PlaceState, placeStream } from '../domain/places.js';

/**
 * Enrolling and importing are decided again on a conflict: another writer took codes of the year or
 * a place, and nothing they decide depends on what the admin saw. 12 tries bound the work of a large
 * import under a stream of single enrollments (each try re-reads every row's place).
 */
export const ENROLL_RETRY = Retry.onConflict(12);

/** One enrollment to make, with the facts the read model gave about it: the EnrollStudent command but its code (enrollPlans numbers them). */
export type EnrollmentPlan = Omit<Extract<EnrollmentCommand, { type: 'EnrollStudent' }>, 'type' | 'code'>;

interface PlaceRead {
  place: LoadedStream<PlaceState>;
  /** The holder's status when another enrollment holds the place (null: free, held by `self`, or no such stream). */
  holderStatus: EnrollmentStatus | null;
}

/** Reads a place and, when another enrollment holds it, that enrollment's status (from its stream: the log, not a read model). */
async function readPlace(unit: CommandUnit, studentId: string, programId: string, self: string): Promise<PlaceRead> {
  const place = await unit.load(placeStream(studentId, programId), placeDecider);
  const holder = place.state.holder;
  if (holder === null || holder === self) return { place, holderStatus: null };
  const held = fold(enrollmentDecider, (await unit.readStream(enrollmentStream(holder))).events);
  return { place, holderStatus: held.exists ? held.status : null };
}

/** Claims the student's place in the program for `enrollmentId` (refused while another unfinished enrollment holds it). */
export async function claimPlace(unit: CommandUnit, studentId: string, programId: string, enrollmentId: string): Promise<void> {
  const { place, holderStatus } = await readPlace(unit, studentId, programId, enrollmentId);
  unit.decide(place, placeDecider, { type: 'ClaimPlace', enrollmentId, holderStatus });
}

async function inChunks<T, R>(items: T[], size: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(f))));
  return out;
}

/**
 * Enrolls every plan or none: the year's next codes, each StudentEnrolled (a new stream), each place
 * claim. Throws the first plan's refusal (400 fields, 409 alreadyEnrolled), in plan order. Returns the
 * codes given. Reads run a few at a time: an import has up to 2,000 rows.
 */
export async function enrollPlans(unit: CommandUnit, plans: EnrollmentPlan[]): Promise<string[]> {
  const year = new Date(unit.metadata.occurredAt).getUTCFullYear();
  const counter = await unit.load(codeStream(year), codeCounterDecider);
  const places = await inChunks(plans, 8, (p) => readPlace(unit, p.studentId, p.programId, p.enrollmentId));
  const codes = unit.decide(counter, codeCounterDecider, { type: 'IssueCodes', year, enrollmentIds: plans.map((p) => p.enrollmentId) }).map((e) => e.data.code);
  plans.forEach((p, i) => {
    // A new stream: decided on the empty state, appended only if it still does not exist (version 0).
    unit.emit(enrollmentStream(p.enrollmentId), enrollmentDecider.decide({ type: 'EnrollStudent', ...p, code: codes[i] }, enrollmentDecider.initialState()), 0);
    unit.decide(places[i].place, placeDecider, { type: 'ClaimPlace', enrollmentId: p.enrollmentId, holderStatus: places[i].holderStatus });
  });
  return codes;
}
