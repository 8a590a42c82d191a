import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, PipelineCommandHandler } from '@academy/backend';
import { runCommand } from '@academy/event-store';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { SetNotificationPreferences } from './set-notification-preferences.command.js';

@CommandHandler(SetNotificationPreferences)
export class SetNotificationPreferencesHandler extends PipelineCommandHandler<SetNotificationPreferences> {
  async execute({ caller, preferences }: SetNotificationPreferences): Promise<{ position: number }> {
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => unit.decide(await unit.load(userStream(principalOf(caller).userId), userDecider), userDecider, { type: 'SetNotificationPreferences', preferences }),
    });
    return { position };
  }
}
