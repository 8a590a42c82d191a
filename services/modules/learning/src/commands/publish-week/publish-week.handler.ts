import { Injectable } from '@nestjs/common';
import type { Principal } from '@academy/backend';
import type { EventMetadata } from '@academy/event-store';
import type { SetWeekPublishedRequest, Week } from '@academy/contracts';
import { WeekWrites } from '../week-writes.js';

/** Teacher Weekly Content, the Publish/Unpublish toggle: only published weeks reach students (spec §4). */
@Injectable()
export class PublishWeekHandler {
  constructor(private readonly writes: WeekWrites) {}

  execute(principal: Principal, weekId: string, input: SetWeekPublishedRequest, metadata: EventMetadata): Promise<{ week: Week; position: number }> {
    return this.writes.run(principal, weekId, { type: 'SetPublished', published: input.published }, metadata);
  }
}
