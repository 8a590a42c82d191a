import { Controller, Get, Query } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe } from '@academy/backend';
import { type AuditEventsFilter, type AuditEventsResponse, auditEventsQuerySchema, auditEventsResponseSchema } from '@academy/contracts';
import { ListAuditEvents } from './list-events.query.js';

@Controller('audit/events')
export class ListAuditEventsController extends DispatchingController {
  /** The Event log: ?before=&limit=&stream=&type=&context=&actor=&correlation=&from=&to=, newest first. */
  @Get()
  @Roles('auditor', 'admin')
  @Answers(200, auditEventsResponseSchema)
  list(@Query(new ZodValidationPipe(auditEventsQuerySchema)) filter: AuditEventsFilter, @Caller() caller: CommandContext): Promise<AuditEventsResponse> {
    return this.dispatch.query(new ListAuditEvents(caller, filter));
  }
}
