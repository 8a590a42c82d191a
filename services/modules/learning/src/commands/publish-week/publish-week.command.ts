import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { SetWeekPublishedRequest } from '@academy/contracts';
import type { WeekWritten } from '../week-written.js';

/** Teacher Weekly Content, the Publish/Unpublish toggle: only published weeks reach students (spec §4). */
export class PublishWeek extends Command<WeekWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly weekId: string,
    readonly input: SetWeekPublishedRequest,
  ) {
    super();
  }
}
