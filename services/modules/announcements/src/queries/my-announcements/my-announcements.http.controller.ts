import { Controller, Get } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections } from '@academy/backend';
import { type MyAnnouncementsResponse, myAnnouncementsResponseSchema } from '@academy/contracts';
import { ANNOUNCEMENTS_PROJECTION } from '../../projections/announcements/announcements.projection.js';
import { MyAnnouncements } from './my-announcements.query.js';

@Controller('announcements')
export class MyAnnouncementsController extends DispatchingController {
  /** Any signed-in role: the live posts addressed to the caller, newest first (at most 20). */
  @Get('mine')
  @ReadsProjections(ANNOUNCEMENTS_PROJECTION)
  @Answers(200, myAnnouncementsResponseSchema)
  mine(@CurrentUser() principal: Principal): Promise<MyAnnouncementsResponse> {
    return this.dispatch.query(new MyAnnouncements(principal.userId));
  }
}
