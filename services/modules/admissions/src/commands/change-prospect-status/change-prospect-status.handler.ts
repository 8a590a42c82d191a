import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, principalOf, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { ADMISSIONS_MESSAGES, type Prospect, prospectStream } from '@academy/contracts';
import { assertShownVersion, prospectDecider } from '../../domain/prospect.js';
import { ADMISSIONS_READ_MODEL } from '../../projections/prospects/names.js';
import { ProspectById } from '../../queries/prospect-by-id/prospect-by-id.query.js';
import { loadSettled } from '../conversion-wait.js';
import { ChangeProspectStatus } from './change-prospect-status.command.js';

/**
 * Mark contacted and Decline: one decide + append on the prospect's stream, guarded by the version read
 * (Retry.never: the staff member decided on the status they saw, a concurrent change is 409
 * changedMeanwhile). A conversion under way is waited for: its outcome decides (loadSettled). The answer
 * is the row as the Prospective screens show it (their own query), once the read model shows the change.
 */
@CommandHandler(ChangeProspectStatus)
export class ChangeProspectStatusHandler extends GatedCommandHandler<ChangeProspectStatus> {
  async execute({ caller, prospectId, input, step }: ChangeProspectStatus): Promise<{ prospect: Prospect; position: number }> {
    if (!isUuid(prospectId)) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    const streamId = prospectStream(prospectId);
    const { position } = await runCommand(this.store, caller.metadata, {
      conflict: () => new DomainError('conflict', ADMISSIONS_MESSAGES.changedMeanwhile),
      execute: async (unit) => {
        const prospect = await loadSettled(this.store, unit, streamId);
        assertShownVersion(prospect.state, input.expectedVersion);
        unit.decide(prospect, prospectDecider, { type: step, byUserId: principalOf(caller).userId, now: caller.metadata.occurredAt });
      },
    });
    const prospect: Prospect | null = await this.gate.shown(ADMISSIONS_READ_MODEL, position, new ProspectById(prospectId));
    if (!prospect) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    return { prospect, position };
  }
}
