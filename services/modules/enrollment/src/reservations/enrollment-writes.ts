// The writes of the enrollment context that span streams, each ONE atomic append (appendMany):
// - enrolling: the enrollment's StudentEnrolled, the claim of the student's place in the program and
//   the year's code counter, each guarded by the version read; any concurrent writer of one of them
//   makes the whole append fail, and it is decided again on what that writer wrote;
// - a status change that makes a completed/dropped enrollment pending/active again: it claims the
//   place again (refused when another unfinished enrollment holds it).
import { randomInt } from 'node:crypto';
import { ConcurrencyError, DomainError, type EventMetadata, type EventStore, fold, type NewEvent, type StreamAppend } from '@academy/event-store';
import { ENROLLMENT_MESSAGES, type EnrollmentStatus } from '@academy/contracts';
import { enrollmentDecider, enrollmentStream, holdsPlace } from '../domain/enrollment.js';
import { CODE_ISSUED, codeStream, enrollmentCode, PLACE_CLAIMED, PLACE_RELEASED, placeHolder, placeStream } from '../domain/places.js';

const ATTEMPTS = 12;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, randomInt(5, 20 + 20 * attempt)));

export interface EnrollmentPlan {
  enrollmentId: string;
  studentId: string;
  programId: string;
  subjectId: string;
  studentIsLive: boolean;
  programExists: boolean;
  subjectInProgram: boolean;
}

interface PlaceRead {
  streamId: string;
  version: number;
  holder: string | null;
  /** The holder's enrollment is pending or active (and is not `self`). */
  taken: boolean;
}

async function readPlace(store: EventStore, studentId: string, programId: string, self: string): Promise<PlaceRead> {
  const streamId = placeStream(studentId, programId);
  const events = await store.readStream(streamId);
  const holder = placeHolder(events);
  let taken = false;
  if (holder !== null && holder !== self) {
    const state = fold(enrollmentDecider, await store.readStream(enrollmentStream(holder)));
    taken = state.exists && holdsPlace(state.status);
  }
  return { streamId, version: events.at(-1)?.streamVersion ?? 0, holder, taken };
}

function claim(place: PlaceRead, enrollmentId: string, metadata: EventMetadata): StreamAppend {
  const events: NewEvent[] = [];
  if (place.holder !== null && place.holder !== enrollmentId) events.push({ type: PLACE_RELEASED, data: { enrollmentId: place.holder }, metadata });
  events.push({ type: PLACE_CLAIMED, data: { enrollmentId }, metadata });
  return { streamId: place.streamId, events, expectedVersion: place.version };
}

async function inChunks<T, R>(items: T[], size: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(f))));
  return out;
}

/**
 * Enrolls every plan or none (one atomic append). Throws the decider's DomainError for the first plan
 * refused (400 fields, 409 alreadyEnrolled). Returns the codes given and the append's last position.
 */
export async function enrollAll(store: EventStore, plans: EnrollmentPlan[], metadata: EventMetadata): Promise<{ codes: string[]; position: number }> {
  const year = new Date(metadata.occurredAt).getUTCFullYear();
  for (let attempt = 0; ; attempt++) {
    const counter = await store.readStream(codeStream(year));
    const issued = counter.at(-1)?.streamVersion ?? 0;
    const places = await inChunks(plans, 8, (p) => readPlace(store, p.studentId, p.programId, p.enrollmentId));
    const codes = plans.map((_, i) => enrollmentCode(year, issued + i + 1));
    const appends: StreamAppend[] = [
      { streamId: codeStream(year), events: plans.map((p, i) => ({ type: CODE_ISSUED, data: { number: issued + i + 1, code: codes[i], enrollmentId: p.enrollmentId }, metadata })), expectedVersion: issued },
    ];
    plans.forEach((p, i) => {
      const events = enrollmentDecider.decide({ type: 'EnrollStudent', ...p, code: codes[i], placeTaken: places[i].taken }, enrollmentDecider.initialState());
      appends.push({ streamId: enrollmentStream(p.enrollmentId), events: events.map((e) => ({ ...e, metadata })), expectedVersion: 0 });
      appends.push(claim(places[i], p.enrollmentId, metadata));
    });
    try {
      const results = await store.appendMany(appends);
      return { codes, position: Math.max(...results.map((r) => r.lastPosition)) };
    } catch (e) {
      if (!(e instanceof ConcurrencyError) || attempt + 1 >= ATTEMPTS) throw e;
      await pause(attempt);
    }
  }
}

/**
 * Changes an enrollment's status (spec §4). With `expectedVersion`, a stream that moved since answers
 * 409 changedMeanwhile; without, two concurrent changes still cannot both apply on the same version.
 */
export async function changeStatus(
  store: EventStore,
  enrollmentId: string,
  status: EnrollmentStatus,
  expectedVersion: number | undefined,
  metadata: EventMetadata,
): Promise<{ position: number; streamVersion: number }> {
  const streamId = enrollmentStream(enrollmentId);
  const history = await store.readStream(streamId);
  const version = history.at(-1)?.streamVersion ?? 0;
  const state = fold(enrollmentDecider, history);
  if (!state.exists) throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
  const changedMeanwhile = () => new DomainError('conflict', ENROLLMENT_MESSAGES.changedMeanwhile);
  if (expectedVersion !== undefined && expectedVersion !== version) throw changedMeanwhile();
  const events = enrollmentDecider.decide({ type: 'ChangeStatus', status, now: metadata.occurredAt }, state);
  if (events.length === 0) return { position: history.at(-1)!.position, streamVersion: version };
  const appends: StreamAppend[] = [{ streamId, events: events.map((e) => ({ ...e, metadata })), expectedVersion: version }];
  if (!holdsPlace(state.status) && holdsPlace(status)) {
    const place = await readPlace(store, state.studentId!, state.programId!, enrollmentId);
    if (place.taken) throw new DomainError('conflict', ENROLLMENT_MESSAGES.alreadyEnrolled);
    appends.push(claim(place, enrollmentId, metadata));
  }
  try {
    const results = await store.appendMany(appends);
    return { position: Math.max(...results.map((r) => r.lastPosition)), streamVersion: results[0].streamVersion };
  } catch (e) {
    if (e instanceof ConcurrencyError) throw changedMeanwhile();
    throw e;
  }
}
