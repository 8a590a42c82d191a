import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, principalOf, Refuses, Roles } from '@academy/backend';
import { ANNOUNCEMENT_MESSAGES, type AnnouncementResponse, withdrawAnnouncementResponseSchema } from '@academy/contracts';
import { ANNOUNCEMENTS_PROJECTION } from '../../projections/announcements/announcements.projection.js';
import { GetAnnouncement } from '../../queries/get-announcement/get-announcement.query.js';
import { WithdrawAnnouncement } from './withdraw-announcement.command.js';

@Controller('announcements')
export class WithdrawAnnouncementController extends DispatchingController {
  /** 200 { message: 'Announcement withdrawn', announcement }; withdrawing again changes nothing; 403 not the author (nor an admin); 404 unknown. */
  @Post(':announcementId/withdraw')
  @Roles('teacher', 'admin', 'student_admin')
  @HttpCode(200)
  @CommandAnswers(200, withdrawAnnouncementResponseSchema)
  @Refuses(404)
  withdraw(@Param('announcementId') announcementId: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new WithdrawAnnouncement(caller, announcementId), [ANNOUNCEMENTS_PROJECTION], async (r): Promise<AnnouncementResponse> => ({
      message: ANNOUNCEMENT_MESSAGES.withdrawn,
      announcement: await this.dispatch.query(new GetAnnouncement(principalOf(caller), r.announcementId)),
    }));
  }
}
