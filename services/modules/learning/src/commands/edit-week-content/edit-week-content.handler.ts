import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { type LatePolicy, LEARNING_MESSAGES } from '@academy/contracts';
import type { WeekCommand } from '../../domain/week.js';
import { WeekGate } from '../week-gate.js';
import type { WeekWritten } from '../week-written.js';
import { EditWeekContent, type WeekEdit } from './edit-week-content.command.js';

const item = (i: { title: string; description: string; instructions: string; dueAt: string | null; latePolicy: LatePolicy }) => ({
  title: i.title,
  description: i.description,
  instructions: i.instructions,
  dueAt: i.dueAt === null ? null : new Date(i.dueAt).toISOString(),
  latePolicy: i.latePolicy,
});

/** The domain command of an edit, and the week version the editor saw (If-Match) when the edit carries one. */
function toCommand(edit: WeekEdit): { command: WeekCommand; expectedVersion?: number } {
  switch (edit.type) {
    case 'UpdateWeek':
      return { command: { type: 'UpdateWeek', title: edit.input.title, objectives: edit.input.objectives }, expectedVersion: edit.input.expectedVersion };
    case 'AddTask':
      return { command: { type: 'AddTask', taskId: randomUUID(), dayNumber: edit.input.dayNumber, ...item(edit.input) }, expectedVersion: edit.input.expectedVersion };
    case 'UpdateTask':
      return { command: { type: 'UpdateTask', taskId: edit.taskId, dayNumber: edit.input.dayNumber, ...item(edit.input) }, expectedVersion: edit.input.expectedVersion };
    case 'RemoveTask':
      return { command: { type: 'RemoveTask', taskId: edit.taskId } };
    case 'ReorderTasks':
      return { command: { type: 'ReorderTasks', taskIds: edit.input.taskIds }, expectedVersion: edit.input.expectedVersion };
    case 'SetCapstone':
      return { command: { type: 'SetCapstone', newCapstoneId: randomUUID(), ...item(edit.input) }, expectedVersion: edit.input.expectedVersion };
    case 'RemoveCapstone':
      return { command: { type: 'RemoveCapstone' } };
  }
}

@CommandHandler(EditWeekContent)
export class EditWeekContentHandler implements ICommandHandler<EditWeekContent> {
  constructor(private readonly weeks: WeekGate) {}

  execute({ caller, weekId, edit }: EditWeekContent): Promise<WeekWritten> {
    const { command, expectedVersion } = toCommand(edit);
    // A stale If-Match or a write that landed between read and append both mean the week changed under the editor.
    return this.weeks.change(caller, weekId, command, { expectedVersion, conflict: () => new DomainError('conflict', LEARNING_MESSAGES.changedMeanwhile) });
  }
}
