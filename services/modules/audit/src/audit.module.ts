import { Module } from '@nestjs/common';
import { SetPersonalDataAccessController } from './commands/set-personal-data-access/set-personal-data-access.http.controller.js';
import { SetPersonalDataAccessHandler } from './commands/set-personal-data-access/set-personal-data-access.handler.js';
import { AuditChainStateController } from './queries/chain-state/chain-state.http.controller.js';
import { AuditChainStateHandler } from './queries/chain-state/chain-state.handler.js';
import { AuditEventAtController } from './queries/event-detail/event-detail.http.controller.js';
import { AuditEventAtHandler } from './queries/event-detail/event-detail.handler.js';
import { ListAuditEventsController } from './queries/list-events/list-events.http.controller.js';
import { ListAuditEventsHandler } from './queries/list-events/list-events.handler.js';

/**
 * The audit context's HTTP side (issue 16). It has no read model of its own: it reads the log itself.
 * Needs EventSourcingModule, BackboneModule and AuthModule (global) from the composition root.
 */
@Module({
  controllers: [ListAuditEventsController, AuditEventAtController, AuditChainStateController, SetPersonalDataAccessController],
  providers: [ListAuditEventsHandler, AuditEventAtHandler, AuditChainStateHandler, SetPersonalDataAccessHandler],
})
export class AuditModule {}
