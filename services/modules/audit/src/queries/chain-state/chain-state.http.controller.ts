import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Caller, type CommandContext, Dispatch, Roles } from '@academy/backend';
import type { AuditChainState } from '@academy/contracts';
import { AuditChainStateQuery } from './chain-state.query.js';

@ApiTags('audit')
@Controller('audit/chain')
export class AuditChainStateController {
  constructor(private readonly dispatch: Dispatch) {}

  /** The Overview's chain state: { head: { position, hash }, lastVerification }. */
  @Get()
  @Roles('auditor', 'admin')
  get(@Caller() caller: CommandContext): Promise<AuditChainState> {
    return this.dispatch.query(new AuditChainStateQuery(caller));
  }
}
