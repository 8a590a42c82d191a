import { Controller, Get } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type ManagedAnnouncementsResponse, managedAnnouncementsResponseSchema } from '@academy/contracts';
import { ANNOUNCEMENTS_PROJECTION } from '../../projections/announcements/announcements.projection.js';
import { ManagedAnnouncements } from './managed-announcements.query.js';

@Controller('announcements')
export class ManagedAnnouncementsController extends DispatchingController {
  /** Teacher and student admin: their own posts; admin: every post. Withdrawn ones included, newest first. */
  @Get()
  @Roles('teacher', 'admin', 'student_admin')
  @ReadsProjections(ANNOUNCEMENTS_PROJECTION)
  @Answers(200, managedAnnouncementsResponseSchema)
  list(@CurrentUser() principal: Principal): Promise<ManagedAnnouncementsResponse> {
    return this.dispatch.query(new ManagedAnnouncements(principal));
  }
}
