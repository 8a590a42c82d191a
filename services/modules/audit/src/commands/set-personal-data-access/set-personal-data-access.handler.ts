import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, principalOf, PipelineCommandHandler } from '@academy/backend';
import { DomainError, Retry, runCommand } from '@academy/event-store';
import { AUDIT_MESSAGES } from '@academy/contracts';
import { accessDecider, accessStream } from '../../domain/personal-data-access.js';
import { currentRole } from '../../trail/viewer.js';
import { SetPersonalDataAccess } from './set-personal-data-access.command.js';

@CommandHandler(SetPersonalDataAccess)
export class SetPersonalDataAccessHandler extends PipelineCommandHandler<SetPersonalDataAccess> {
  async execute({ caller, auditorId, granted }: SetPersonalDataAccess) {
    if (!isUuid(auditorId)) throw new DomainError('not_found', AUDIT_MESSAGES.auditorNotFound);
    const byUserId = principalOf(caller).userId;
    const { position } = await runCommand(this.store, caller.metadata, {
      // Two admins granting at once want the same thing: decide again on what won.
      retry: Retry.onConflict(5),
      execute: async (unit) => {
        const access = await unit.load(accessStream(auditorId), accessDecider);
        const command = granted
          ? { type: 'GrantPersonalDataAccess' as const, auditorId, byUserId, granteeRole: await currentRole(this.store, auditorId) }
          : { type: 'RevokePersonalDataAccess' as const, auditorId, byUserId };
        unit.decide(access, accessDecider, command);
      },
    });
    return { auditorId, granted, position };
  }
}
