import { Controller, Get, Query } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe } from '@academy/backend';
import { type AuditAsOfFilter, type AuditAsOfResponse, auditAsOfQuerySchema, auditAsOfResponseSchema } from '@academy/contracts';
import { AuditAsOf } from './as-of.query.js';

@Controller('audit/as-of')
export class AuditAsOfController extends DispatchingController {
  /** Time travel: ?at=&view=gradebook|enrollment|pipeline&id= → 200 AuditAsOfResponse; 400 with fields; 404 'No such enrollment at that time'. */
  @Get()
  @Roles('auditor', 'admin')
  @Answers(200, auditAsOfResponseSchema)
  get(@Query(new ZodValidationPipe(auditAsOfQuerySchema)) filter: AuditAsOfFilter, @Caller() caller: CommandContext): Promise<AuditAsOfResponse> {
    return this.dispatch.query(new AuditAsOf(caller, filter));
  }
}
