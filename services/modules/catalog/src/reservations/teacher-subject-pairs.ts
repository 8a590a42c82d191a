// The (teacher, subject) reservation stream as commands use it: the assignment's first event and the
// pair's claim go in ONE atomic append (appendMany), each guarded by the version just read, so two
// concurrent assigns of one pair make one assignment. A holder that the read model no longer shows
// once caught up with its claim (its teacher was deleted or lost the role) is released in the same append as the new claim.
import { ConcurrencyError, type EventMetadata, type EventStore, fold, type NewEvent, type StreamAppend } from '@academy/event-store';
import { type AssignmentCommand, assignmentDecider, assignmentStream, PAIR_CLAIMED, PAIR_RELEASED, pairHolder, pairStream } from '../domain/teacher-assignment.js';

const ATTEMPTS = 8;

export interface AssignFacts {
  teacherIsLive: boolean;
  subjectExists: boolean;
  /**
   * Does the read model, once caught up to `position` (the holder's claim: its TeacherAssigned is in
   * the same append, so at most there), still show this assignment?
   */
  isVisible(assignmentId: string, position: number): Promise<boolean>;
}

/** Assigns, or throws the decider's DomainError. Returns the position of the append. */
export async function assignTeacher(store: EventStore, input: { assignmentId: string; teacherId: string; subjectId: string }, facts: AssignFacts, metadata: EventMetadata): Promise<number> {
  const pair = pairStream(input.teacherId, input.subjectId);
  for (let attempt = 0; ; attempt++) {
    const claims = await store.readStream(pair);
    const version = claims.at(-1)?.streamVersion ?? 0;
    const holder = pairHolder(claims);
    const pairTaken = holder !== null && (await facts.isVisible(holder, claims.at(-1)!.position));
    const command: AssignmentCommand = { type: 'AssignTeacher', ...input, teacherIsLive: facts.teacherIsLive, subjectExists: facts.subjectExists, pairTaken };
    const events = assignmentDecider.decide(command, assignmentDecider.initialState());
    const pairEvents: NewEvent[] = [];
    if (holder !== null) pairEvents.push({ type: PAIR_RELEASED, data: { assignmentId: holder }, metadata });
    pairEvents.push({ type: PAIR_CLAIMED, data: { assignmentId: input.assignmentId }, metadata });
    try {
      const [, last] = await store.appendMany([
        { streamId: assignmentStream(input.assignmentId), events: events.map((e) => ({ ...e, metadata })), expectedVersion: 0 },
        { streamId: pair, events: pairEvents, expectedVersion: version },
      ]);
      return last.lastPosition;
    } catch (e) {
      if (!(e instanceof ConcurrencyError) || attempt + 1 >= ATTEMPTS) throw e;
      // Someone else claimed or released the pair first: read again and decide on what they wrote.
    }
  }
}

/** Unassigns: the assignment's end and the pair's release in one atomic append. */
export async function unassignTeacher(store: EventStore, assignmentId: string, metadata: EventMetadata): Promise<number> {
  const history = await store.readStream(assignmentStream(assignmentId));
  const version = history.at(-1)?.streamVersion ?? 0;
  const state = fold(assignmentDecider, history);
  const events = assignmentDecider.decide({ type: 'UnassignTeacher' }, state);
  const pair = pairStream(state.teacherId!, state.subjectId!);
  const claims = await store.readStream(pair);
  const appends: StreamAppend[] = [{ streamId: assignmentStream(assignmentId), events: events.map((e) => ({ ...e, metadata })), expectedVersion: version }];
  if (pairHolder(claims) === assignmentId) {
    appends.push({ streamId: pair, events: [{ type: PAIR_RELEASED, data: { assignmentId }, metadata }], expectedVersion: claims.at(-1)!.streamVersion });
  }
  const results = await store.appendMany(appends);
  return Math.max(...results.map((r) => r.lastPosition));
}
