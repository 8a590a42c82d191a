import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EVENT_STORE, ReadModelGate } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import { changeProspectStatus } from '../change-prospect-status.js';
import { MarkProspectContacted } from './mark-contacted.command.js';

/** A staff status change (the step shared with the other one: ../change-prospect-status.ts). */
@CommandHandler(MarkProspectContacted)
export class MarkProspectContactedHandler implements ICommandHandler<MarkProspectContacted> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly gate: ReadModelGate,
    private readonly queries: QueryBus,
  ) {}

  execute(command: MarkProspectContacted) {
    return changeProspectStatus({ store: this.store, gate: this.gate, queries: this.queries }, command, 'MarkContacted');
  }
}
