import { z } from 'zod';
import { type EventData, publishedEvent } from './published-event.js';

// The learning context's published events: what other contexts may consume (ADR 0017).
// ── integration events (stream week-<weekId>) ────────────────────────────────────────────────────

export const LEARNING_EVENTS = {
  WeekCreated: 'WeekCreated',
  WeekUpdated: 'WeekUpdated',
  WeekPublished: 'WeekPublished',
  WeekUnpublished: 'WeekUnpublished',
  TaskAdded: 'TaskAdded',
  TaskUpdated: 'TaskUpdated',
  TasksReordered: 'TasksReordered',
  TaskRemoved: 'TaskRemoved',
  CapstoneSet: 'CapstoneSet',
  CapstoneRemoved: 'CapstoneRemoved',
} as const;
export type LearningEventType = (typeof LEARNING_EVENTS)[keyof typeof LEARNING_EVENTS];

const id = z.string().min(1);
/** Absent on events from before late policies (issue 30 §4): read as 'accept'. */
const latePolicy = z.enum(['accept', 'closed']).optional();

export const WeekCreatedV1 = publishedEvent(
  LEARNING_EVENTS.WeekCreated,
  1,
  z.object({ weekId: id, subjectId: id, weekNumber: z.number().int(), title: z.string(), objectives: z.string() }),
);
export type WeekCreatedData = EventData<typeof WeekCreatedV1>;
/** Internal: only learning's own read model shows a week's title and objectives after creation. */
export interface WeekUpdatedData {
  weekId: string;
  title: string;
  objectives: string;
}
/** WeekPublished and WeekUnpublished. */
const publication = z.object({ weekId: id, subjectId: id });
export const WeekPublishedV1 = publishedEvent(LEARNING_EVENTS.WeekPublished, 1, publication);
export const WeekUnpublishedV1 = publishedEvent(LEARNING_EVENTS.WeekUnpublished, 1, publication);
export type WeekPublicationData = EventData<typeof WeekPublishedV1>;

/** TaskAdded and TaskUpdated carry the whole task. */
const task = z.object({
  weekId: id,
  taskId: id,
  dayNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  instructions: z.string(),
  dueAt: z.string().nullable(),
  latePolicy,
});
export const TaskAddedV1 = publishedEvent(LEARNING_EVENTS.TaskAdded, 1, task);
export const TaskUpdatedV1 = publishedEvent(LEARNING_EVENTS.TaskUpdated, 1, task);
export type TaskData = EventData<typeof TaskAddedV1>;

/** The week's tasks got new day numbers (ADR 0017: published, a task's day is part of what others show). */
export const TasksReorderedV1 = publishedEvent(
  LEARNING_EVENTS.TasksReordered,
  1,
  z.object({ weekId: id, order: z.array(z.object({ taskId: id, dayNumber: z.number().int() })) }),
);
export type TasksReorderedData = EventData<typeof TasksReorderedV1>;
export const TaskRemovedV1 = publishedEvent(LEARNING_EVENTS.TaskRemoved, 1, z.object({ weekId: id, taskId: id }));
export type TaskRemovedData = EventData<typeof TaskRemovedV1>;

/** CapstoneSet carries the whole capstone (first set or edit). */
export const CapstoneSetV1 = publishedEvent(
  LEARNING_EVENTS.CapstoneSet,
  1,
  z.object({ weekId: id, capstoneId: id, title: z.string(), description: z.string(), instructions: z.string(), dueAt: z.string().nullable(), latePolicy }),
);
export type CapstoneData = EventData<typeof CapstoneSetV1>;
export const CapstoneRemovedV1 = publishedEvent(LEARNING_EVENTS.CapstoneRemoved, 1, z.object({ weekId: id, capstoneId: id }));
export type CapstoneRemovedData = EventData<typeof CapstoneRemovedV1>;

export const LEARNING_PUBLISHED_EVENTS = [
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
  TaskAddedV1,
  TaskUpdatedV1,
  TasksReorderedV1,
  TaskRemovedV1,
  CapstoneSetV1,
  CapstoneRemovedV1,
] as const;
