import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, principalOf, PipelineCommandHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { ADMISSIONS_MESSAGES } from '@academy/contracts';
import { eraseProspect } from './erase-prospect.js';
import { EraseProspect } from './erase-prospect.command.js';

/**
 * Any admin or student admin may erase any application or quick-contact message (staff see them
 * all), in any status, even while a conversion is under way: its reactions close the request on the
 * erased prospect (an account created before the erasure is identity's to delete).
 */
@CommandHandler(EraseProspect)
export class EraseProspectHandler extends PipelineCommandHandler<EraseProspect> {
  execute({ caller, prospectId }: EraseProspect) {
    if (!isUuid(prospectId)) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    return eraseProspect(this.store, prospectId, { type: 'EraseApplicant', byUserId: principalOf(caller).userId, now: caller.metadata.occurredAt, reason: 'request' }, caller.metadata);
  }
}
