import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, principalOf } from '@academy/backend';
import { type EventStore, runCommand } from '@academy/event-store';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { SetNotificationPreferences } from './set-notification-preferences.command.js';

@CommandHandler(SetNotificationPreferences)
export class SetNotificationPreferencesHandler implements ICommandHandler<SetNotificationPreferences> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ caller, preferences }: SetNotificationPreferences): Promise<{ position: number }> {
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => unit.decide(await unit.load(userStream(principalOf(caller).userId), userDecider), userDecider, { type: 'SetNotificationPreferences', preferences }),
    });
    return { position };
  }
}
