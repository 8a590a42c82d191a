import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, PipelineCommandHandler } from '@academy/backend';
import { derivedEventId, runCommand } from '@academy/event-store';
import { REPLAY_REQUESTED, type ReplayRequestedData, REPLAYS_STREAM } from '../../domain/audit-events.js';
import { RequestReplay } from './request-replay.command.js';

/** Appends ReplayRequested; the worker's dispatcher makes it a job (id = this event's id). */
@CommandHandler(RequestReplay)
export class RequestReplayHandler extends PipelineCommandHandler<RequestReplay> {
  async execute({ caller }: RequestReplay) {
    const data: ReplayRequestedData = { byUserId: principalOf(caller).userId };
    // A key of our own so the event's id (the job's id) is known before the append.
    const key = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      idempotencyKey: key,
      execute: (unit) => unit.emit(REPLAYS_STREAM, [{ type: REPLAY_REQUESTED, data }], 'any'),
    });
    return { id: derivedEventId(key, REPLAYS_STREAM, 0), position };
  }
}
