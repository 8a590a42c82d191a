import { z } from 'zod';
import { programTypeSchema } from '../http/catalog.js';
import { type EventData, publishedEvent } from './published-event.js';

// The catalog context's published events: what other contexts may consume (ADR 0017).

// ── published events other contexts consume (streams program-<id>, subject-<id>, teacher-assignment-<id>) ──

export const CATALOG_EVENTS = {
  ProgramCreated: 'ProgramCreated',
  ProgramUpdated: 'ProgramUpdated',
  ProgramDeleted: 'ProgramDeleted',
  SubjectCreated: 'SubjectCreated',
  SubjectUpdated: 'SubjectUpdated',
  SubjectDeleted: 'SubjectDeleted',
  TeacherAssigned: 'TeacherAssigned',
  TeacherUnassigned: 'TeacherUnassigned',
} as const;
export type CatalogEventType = (typeof CATALOG_EVENTS)[keyof typeof CATALOG_EVENTS];

const id = z.string().min(1);

/** ProgramCreated and ProgramUpdated carry the whole (new) state. */
const program = z.object({ programId: id, name: z.string(), type: programTypeSchema, description: z.string() });
export const ProgramCreatedV1 = publishedEvent(CATALOG_EVENTS.ProgramCreated, 1, program);
export const ProgramUpdatedV1 = publishedEvent(CATALOG_EVENTS.ProgramUpdated, 1, program);
export const ProgramDeletedV1 = publishedEvent(CATALOG_EVENTS.ProgramDeleted, 1, z.object({ programId: id }));
export type ProgramCreatedData = EventData<typeof ProgramCreatedV1>;
export type ProgramDeletedData = EventData<typeof ProgramDeletedV1>;

/** SubjectCreated and SubjectUpdated carry the whole (new) state. */
const subject = z.object({ subjectId: id, programId: id, name: z.string(), weekNumber: z.number().int().nullable(), description: z.string() });
export const SubjectCreatedV1 = publishedEvent(CATALOG_EVENTS.SubjectCreated, 1, subject);
export const SubjectUpdatedV1 = publishedEvent(CATALOG_EVENTS.SubjectUpdated, 1, subject);
export const SubjectDeletedV1 = publishedEvent(CATALOG_EVENTS.SubjectDeleted, 1, z.object({ subjectId: id }));
export type SubjectCreatedData = EventData<typeof SubjectCreatedV1>;
export type SubjectDeletedData = EventData<typeof SubjectDeletedV1>;

const assignment = z.object({ assignmentId: id, teacherId: id, subjectId: id });
export const TeacherAssignedV1 = publishedEvent(CATALOG_EVENTS.TeacherAssigned, 1, assignment);
export const TeacherUnassignedV1 = publishedEvent(CATALOG_EVENTS.TeacherUnassigned, 1, assignment);
export type TeacherAssignedData = EventData<typeof TeacherAssignedV1>;
export type TeacherUnassignedData = EventData<typeof TeacherUnassignedV1>;

export const CATALOG_PUBLISHED_EVENTS = [
  ProgramCreatedV1,
  ProgramUpdatedV1,
  ProgramDeletedV1,
  SubjectCreatedV1,
  SubjectUpdatedV1,
  SubjectDeletedV1,
  TeacherAssignedV1,
  TeacherUnassignedV1,
] as const;
