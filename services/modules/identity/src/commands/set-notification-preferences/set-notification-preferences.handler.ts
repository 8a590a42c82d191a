import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type Principal } from '@academy/backend';
import { type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import type { NotificationPreferences } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';

@Injectable()
export class SetNotificationPreferencesHandler {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute(principal: Principal, preferences: NotificationPreferences, metadata: EventMetadata): Promise<{ position: number }> {
    const outcome = await handleCommand({
      store: this.store,
      streamId: userStream(principal.userId),
      decider: userDecider,
      metadata,
      command: { type: 'SetNotificationPreferences', preferences },
    });
    return { position: outcome.lastPosition };
  }
}
