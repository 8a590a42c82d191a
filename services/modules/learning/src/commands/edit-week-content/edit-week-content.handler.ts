import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '@academy/backend';
import type { EventMetadata } from '@academy/event-store';
import type { AddTaskRequest, ReorderTasksRequest, SetCapstoneRequest, UpdateTaskRequest, UpdateWeekRequest, Week } from '@academy/contracts';
import { WeekWrites } from '../week-writes.js';

type Result = Promise<{ week: Week; position: number }>;
const item = (i: { title: string; description: string; instructions: string; dueAt: string | null }) => ({
  title: i.title,
  description: i.description,
  instructions: i.instructions,
  dueAt: i.dueAt === null ? null : new Date(i.dueAt).toISOString(),
});

/** The content editor ('Edit Content', a no-op in the spec: fix): title/objectives, daily tasks, the capstone. */
@Injectable()
export class EditWeekContentHandler {
  constructor(private readonly writes: WeekWrites) {}

  updateWeek(p: Principal, weekId: string, i: UpdateWeekRequest, m: EventMetadata): Result {
    return this.writes.run(p, weekId, { type: 'UpdateWeek', title: i.title, objectives: i.objectives }, m, i.expectedVersion);
  }
  addTask(p: Principal, weekId: string, i: AddTaskRequest, m: EventMetadata): Result {
    return this.writes.run(p, weekId, { type: 'AddTask', taskId: randomUUID(), dayNumber: i.dayNumber, ...item(i) }, m, i.expectedVersion);
  }
  updateTask(p: Principal, weekId: string, taskId: string, i: UpdateTaskRequest, m: EventMetadata): Result {
    return this.writes.run(p, weekId, { type: 'UpdateTask', taskId, dayNumber: i.dayNumber, ...item(i) }, m, i.expectedVersion);
  }
  removeTask(p: Principal, weekId: string, taskId: string, m: EventMetadata): Result {
    return this.writes.run(p, weekId, { type: 'RemoveTask', taskId }, m);
  }
  reorderTasks(p: Principal, weekId: string, i: ReorderTasksRequest, m: EventMetadata): Result {
    return this.writes.run(p, weekId, { type: 'ReorderTasks', taskIds: i.taskIds }, m, i.expectedVersion);
  }
  setCapstone(p: Principal, weekId: string, i: SetCapstoneRequest, m: EventMetadata): Result {
    return this.writes.run(p, weekId, { type: 'SetCapstone', newCapstoneId: randomUUID(), ...item(i) }, m, i.expectedVersion);
  }
  removeCapstone(p: Principal, weekId: string, m: EventMetadata): Result {
    return this.writes.run(p, weekId, { type: 'RemoveCapstone' }, m);
  }
}
