import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { LEARNING_MESSAGES } from '@academy/contracts';
import { type WeekCommand, weekDecider, weekStream } from '../../domain/week.js';
import { WeekGate } from '../week-gate.js';
import type { WeekWritten } from '../week-written.js';
import { EditWeekContent, type WeekEdit } from './edit-week-content.command.js';

const item = (i: { title: string; description: string; instructions: string; dueAt: string | null }) => ({
  title: i.title,
  description: i.description,
  instructions: i.instructions,
  dueAt: i.dueAt === null ? null : new Date(i.dueAt).toISOString(),
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
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly weeks: WeekGate,
  ) {}

  async execute({ caller, weekId, edit }: EditWeekContent): Promise<WeekWritten> {
    await this.weeks.teacherOfWeek(caller, weekId);
    const { command, expectedVersion } = toCommand(edit);
    const { position } = await runCommand(this.store, caller.metadata, {
      // Retry.never: the editor decided on the week they saw. A stale If-Match (StaleVersionError) or a
      // write that landed between read and append both mean it changed under them.
      conflict: () => new DomainError('conflict', LEARNING_MESSAGES.changedMeanwhile),
      execute: async (unit) => {
        unit.decide(await unit.load(weekStream(weekId), weekDecider, { expectedVersion }), weekDecider, command);
      },
    });
    return { weekId, position };
  }
}
