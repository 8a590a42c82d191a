import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Dispatch } from './dispatch.js';
import { ReadModelGate } from './read-model-gate.js';

/**
 * The CQRS buses and what every context's slices use with them (ADR 0015): Dispatch for controllers,
 * ReadModelGate for handlers' checks on read models and their answers. Global, after EventSourcingModule
 * and MikroOrmModule (the gate hands a check's read the EntityManager).
 * Only commands and queries travel on the in-memory buses; events that must not be lost are read
 * from the log by checkpointed subscriptions (projections, reactors), never from Nest's EventBus.
 */
@Global()
@Module({})
export class BackboneModule {
  static forRoot(): DynamicModule {
    return {
      module: BackboneModule,
      imports: [CqrsModule.forRoot()],
      providers: [Dispatch, ReadModelGate],
      exports: [Dispatch, ReadModelGate],
    };
  }
}
