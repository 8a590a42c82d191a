import { Controller, Get, Param } from '@nestjs/common';
import { Answers, DispatchingController, Roles } from '@academy/backend';
import { auditAccessStateResponseSchema } from '@academy/contracts';
import { PersonalDataAccessQuery } from './personal-data-access.query.js';

@Controller('audit/personal-data-access')
export class PersonalDataAccessController extends DispatchingController {
  /** The Users page's switch: { access: { auditorId, granted, since, byUserId } }. Admins only, as granting is. */
  @Get(':auditorId')
  @Roles('admin')
  @Answers(200, auditAccessStateResponseSchema)
  async get(@Param('auditorId') auditorId: string) {
    return { access: await this.dispatch.query(new PersonalDataAccessQuery(auditorId)) };
  }
}
