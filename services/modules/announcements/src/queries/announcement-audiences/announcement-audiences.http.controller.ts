import { Controller, Get } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type AnnouncementAudiences, announcementAudiencesResponseSchema } from '@academy/contracts';
import { ANNOUNCEMENTS_PROJECTION } from '../../projections/announcements/announcements.projection.js';
import { AnnouncementAudiencesQuery } from './announcement-audiences.query.js';

@Controller('announcements')
export class AnnouncementAudiencesController extends DispatchingController {
  /** Teacher: 'subject' / 'my_subjects' and their subjects; admin and student admin: 'everyone' / 'program' / 'staff' and the programs. */
  @Get('audiences')
  @Roles('teacher', 'admin', 'student_admin')
  @ReadsProjections(ANNOUNCEMENTS_PROJECTION)
  @Answers(200, announcementAudiencesResponseSchema)
  audiences(@CurrentUser() principal: Principal): Promise<AnnouncementAudiences> {
    return this.dispatch.query(new AnnouncementAudiencesQuery(principal));
  }
}
