import { Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { AUDIT_MESSAGES, type AuditAccessResponse, auditAccessResponseSchema } from '@academy/contracts';
import { SetPersonalDataAccess } from './set-personal-data-access.command.js';

@Controller('audit/personal-data-access')
export class SetPersonalDataAccessController extends DispatchingController {
  /** 200: the auditor sees personal fields in clear from now on; 404 'Auditor not found' for anyone who is not an auditor. */
  @Put(':auditorId')
  @Roles('admin')
  @HttpCode(200)
  @Answers(200, auditAccessResponseSchema)
  async grant(@Param('auditorId') auditorId: string, @Caller() caller: CommandContext): Promise<AuditAccessResponse> {
    await this.dispatch.execute(new SetPersonalDataAccess(caller, auditorId, true));
    return { message: AUDIT_MESSAGES.accessGranted, access: { auditorId, granted: true } };
  }

  /** 200: personal fields are masked for that auditor again. */
  @Delete(':auditorId')
  @Roles('admin')
  @HttpCode(200)
  @Answers(200, auditAccessResponseSchema)
  async revoke(@Param('auditorId') auditorId: string, @Caller() caller: CommandContext): Promise<AuditAccessResponse> {
    await this.dispatch.execute(new SetPersonalDataAccess(caller, auditorId, false));
    return { message: AUDIT_MESSAGES.accessRevoked, access: { auditorId, granted: false } };
  }
}
