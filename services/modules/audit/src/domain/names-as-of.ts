// Time travel's names (issue 16, ADR 0031 "Names"): what today's screens join in from other contexts
// (a person's name, a programme's or subject's name, an item's title and its week's number), folded
// from those contexts' PUBLISHED events (@academy/contracts) on their streams up to the moment's
// position. Pure. The audit context imports no other context (lint): the shapes are the contract.
import type { StoredEvent } from '@academy/event-store';
import {
  AUDIT_MASK,
  type AsOfName,
  CATALOG_EVENTS,
  CapstoneSetV1,
  IDENTITY_EVENTS,
  LEARNING_EVENTS,
  ProfileCompletedV1,
  ProgramCreatedV1,
  ProgramUpdatedV1,
  StudentContactUpdatedV1,
  SubjectCreatedV1,
  SubjectUpdatedV1,
  TaskAddedV1,
  TaskUpdatedV1,
  UserRegisteredV1,
  WeekCreatedV1,
} from '@academy/contracts';

/**
 * A person's name after `events` (their `user-<id>` stream): the last full name given (registration,
 * then profile or contact edits, as identity's users table keeps it). Erased when a name-bearing
 * event's personal part was shredded: erasure reaches back into every past view. Masked unless `clear`.
 */
export function personAsOf(events: StoredEvent[], clear: boolean): AsOfName {
  let known = false;
  let erased = false;
  let name: string | null = null;
  for (const e of events) {
    const bearer = e.type === IDENTITY_EVENTS.UserRegistered ? UserRegisteredV1 : e.type === IDENTITY_EVENTS.ProfileCompleted ? ProfileCompletedV1 : e.type === IDENTITY_EVENTS.StudentContactUpdated ? StudentContactUpdatedV1 : null;
    if (!bearer) continue;
    if (bearer === UserRegisteredV1) known = true;
    if (e.erased) erased = true;
    name = bearer.personal(e)?.fullName ?? name;
  }
  if (!known) return { state: 'unknown', name: null };
  if (erased || name === null) return { state: 'erased', name: null };
  return clear ? { state: 'clear', name } : { state: 'masked', name: AUDIT_MASK };
}

/** A programme's or subject's name after `events` (its `program-<id>` / `subject-<id>` stream); null before it was created. A deleted one keeps the name it had. */
export function catalogNameAsOf(events: StoredEvent[]): string | null {
  let name: string | null = null;
  for (const e of events) {
    if (e.type === CATALOG_EVENTS.ProgramCreated) name = ProgramCreatedV1.parse(e).name;
    else if (e.type === CATALOG_EVENTS.ProgramUpdated) name = ProgramUpdatedV1.parse(e).name;
    else if (e.type === CATALOG_EVENTS.SubjectCreated) name = SubjectCreatedV1.parse(e).name;
    else if (e.type === CATALOG_EVENTS.SubjectUpdated) name = SubjectUpdatedV1.parse(e).name;
  }
  return name;
}

export interface WeekAsOf {
  weekNumber: number | null;
  /** Task and capstone titles by item id, the last set; a removed item keeps the title it had. */
  titles: Map<string, string>;
}

/** A week after `events` (its `week-<id>` stream): its number and its items' titles. */
export function weekAsOf(events: StoredEvent[]): WeekAsOf {
  const week: WeekAsOf = { weekNumber: null, titles: new Map() };
  for (const e of events) {
    if (e.type === LEARNING_EVENTS.WeekCreated) week.weekNumber = WeekCreatedV1.parse(e).weekNumber;
    else if (e.type === LEARNING_EVENTS.TaskAdded || e.type === LEARNING_EVENTS.TaskUpdated) {
      const task = (e.type === LEARNING_EVENTS.TaskAdded ? TaskAddedV1 : TaskUpdatedV1).parse(e);
      week.titles.set(task.taskId, task.title);
    } else if (e.type === LEARNING_EVENTS.CapstoneSet) {
      const capstone = CapstoneSetV1.parse(e);
      week.titles.set(capstone.capstoneId, capstone.title);
    }
  }
  return week;
}
