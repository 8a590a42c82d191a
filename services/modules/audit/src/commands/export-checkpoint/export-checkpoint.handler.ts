import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, PipelineCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { AUDIT_VERIFY_MESSAGES } from '@academy/contracts';
import { CHECKPOINT_EXPORTED, CHECKPOINT_SIGNED, CHECKPOINTS_STREAM } from '../../domain/audit-events.js';
import { checkpointOf } from '../../trail/checkpoints.js';
import { ExportCheckpoint } from './export-checkpoint.command.js';

@CommandHandler(ExportCheckpoint)
export class ExportCheckpointHandler extends PipelineCommandHandler<ExportCheckpoint> {
  async execute({ caller, checkpointId }: ExportCheckpoint) {
    const event = (await this.store.readStream(CHECKPOINTS_STREAM)).find((e) => e.id === checkpointId && e.type === CHECKPOINT_SIGNED);
    if (!event) throw new DomainError('not_found', AUDIT_VERIFY_MESSAGES.checkpointNotFound);
    const { id: _id, byUserId: _by, ...file } = checkpointOf(event);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: (unit) => unit.emit(CHECKPOINTS_STREAM, [{ type: CHECKPOINT_EXPORTED, data: { checkpointId, position: file.position, byUserId: principalOf(caller).userId } }], 'any'),
    });
    return { file, position };
  }
}
