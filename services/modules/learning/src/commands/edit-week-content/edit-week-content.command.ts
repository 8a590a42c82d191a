import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AddTaskRequest, ReorderTasksRequest, SetCapstoneRequest, UpdateTaskRequest, UpdateWeekRequest } from '@academy/contracts';
import type { WeekWritten } from '../week-written.js';

/** One change of the content editor, as its route parsed it. */
export type WeekEdit =
  | { type: 'UpdateWeek'; input: UpdateWeekRequest }
  | { type: 'AddTask'; input: AddTaskRequest }
  | { type: 'UpdateTask'; taskId: string; input: UpdateTaskRequest }
  | { type: 'RemoveTask'; taskId: string }
  | { type: 'ReorderTasks'; input: ReorderTasksRequest }
  | { type: 'SetCapstone'; input: SetCapstoneRequest }
  | { type: 'RemoveCapstone' };

/** The content editor ('Edit Content', a no-op in the spec: fix): title/objectives, daily tasks, the capstone. */
export class EditWeekContent extends Command<WeekWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly weekId: string,
    readonly edit: WeekEdit,
  ) {
    super();
  }
}
