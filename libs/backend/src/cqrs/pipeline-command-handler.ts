import { Inject, Injectable } from '@nestjs/common';
import type { Command, CommandResult } from '@nestjs/cqrs';
import type { EventStore } from '@academy/event-store';
import { EVENT_STORE } from '../event-sourcing/tokens.js';
import { ReadModelGate } from './read-model-gate.js';

/**
 * What most command handlers are (ADR 0015): a command written through the pipeline
 * (`runCommand(this.store, …)`). The subclass declares only `execute`, whose result must be the one
 * its command names; Nest injects through this constructor (a subclass without its own inherits its
 * parameters), and tests still `new` the handler with a store.
 */
@Injectable()
export abstract class PipelineCommandHandler<C extends Command<unknown>> {
  constructor(@Inject(EVENT_STORE) protected readonly store: EventStore) {}

  abstract execute(command: C): Promise<CommandResult<C>>;
}

/** A pipeline command that first checks a read model through the gate (`this.gate.check(…)`, ADR 0015 §3). */
@Injectable()
export abstract class GatedCommandHandler<C extends Command<unknown>> extends PipelineCommandHandler<C> {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    protected readonly gate: ReadModelGate,
  ) {
    super(store);
  }
}
