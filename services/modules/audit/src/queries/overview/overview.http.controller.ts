import { Controller, Get } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { type AuditOverview, auditOverviewSchema } from '@academy/contracts';
import { AuditOverviewQuery } from './overview.query.js';

@Controller('audit/overview')
export class AuditOverviewController extends DispatchingController {
  /** 200 AuditOverview: events per day by context and type (the last 14 days), each projection's and consumer's lag and status. */
  @Get()
  @Roles('auditor', 'admin')
  @Answers(200, auditOverviewSchema)
  get(@Caller() caller: CommandContext): Promise<AuditOverview> {
    return this.dispatch.query(new AuditOverviewQuery(caller));
  }
}
