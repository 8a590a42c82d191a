import { Controller, Get, Param } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { type AuditEventDetail, auditEventDetailSchema } from '@academy/contracts';
import { AuditEventAt } from './event-detail.query.js';

@Controller('audit/events')
export class AuditEventAtController extends DispatchingController {
  /** One event by position: 200 AuditEventDetail; 404 'Event not found' (also for a malformed position). */
  @Get(':position')
  @Roles('auditor', 'admin')
  @Answers(200, auditEventDetailSchema)
  get(@Param('position') position: string, @Caller() caller: CommandContext): Promise<AuditEventDetail> {
    return this.dispatch.query(new AuditEventAt(caller, position));
  }
}
