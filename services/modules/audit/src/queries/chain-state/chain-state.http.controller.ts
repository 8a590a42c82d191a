import { Controller, Get } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { type AuditChainState, auditChainStateSchema } from '@academy/contracts';
import { AuditChainStateQuery } from './chain-state.query.js';

@Controller('audit/chain')
export class AuditChainStateController extends DispatchingController {
  /** The Overview's chain state: { head: { position, hash }, lastVerification }. */
  @Get()
  @Roles('auditor', 'admin')
  @Answers(200, auditChainStateSchema)
  get(@Caller() caller: CommandContext): Promise<AuditChainState> {
    return this.dispatch.query(new AuditChainStateQuery(caller));
  }
}
