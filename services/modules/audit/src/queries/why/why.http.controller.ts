import { Controller, Get, Param } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { type AuditWhyResponse, auditWhyResponseSchema } from '@academy/contracts';
import { AuditWhy } from './why.query.js';

@Controller('audit/why')
export class AuditWhyController extends DispatchingController {
  /** The causal chain of a value: 200 AuditWhyResponse; 400 for an unknown view; 404 'Nothing to explain: no such value'. */
  @Get(':view/:id')
  @Roles('auditor', 'admin')
  @Answers(200, auditWhyResponseSchema)
  get(@Param('view') view: string, @Param('id') id: string, @Caller() caller: CommandContext): Promise<AuditWhyResponse> {
    return this.dispatch.query(new AuditWhy(caller, view, id));
  }
}
