import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, principalOf, Refuses, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { ANNOUNCEMENT_MESSAGES, type AnnouncementResponse, announcementResponseSchema, type EditAnnouncementRequest, editAnnouncementRequestSchema } from '@academy/contracts';
import { ANNOUNCEMENTS_PROJECTION } from '../../projections/announcements/announcements.projection.js';
import { GetAnnouncement } from '../../queries/get-announcement/get-announcement.query.js';
import { EditAnnouncement } from './edit-announcement.command.js';

@Controller('announcements')
export class EditAnnouncementController extends DispatchingController {
  /** 200 { message: 'Announcement updated', announcement }; 403 not the author (nor an admin); 404 unknown; 409 withdrawn. */
  @Put(':announcementId')
  @Roles('teacher', 'admin', 'student_admin')
  @HttpCode(200)
  @CommandAnswers(200, announcementResponseSchema)
  @Refuses(404, 409)
  @RequestExample({ title: 'Exam moved to Saturday', body: 'The HTML exam moves to Saturday 10:00, room 2.' })
  edit(
    @Param('announcementId') announcementId: string,
    @Body(new ZodValidationPipe(editAnnouncementRequestSchema)) body: EditAnnouncementRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new EditAnnouncement(caller, announcementId, body), [ANNOUNCEMENTS_PROJECTION], async (r): Promise<AnnouncementResponse> => ({
      message: ANNOUNCEMENT_MESSAGES.edited,
      announcement: await this.dispatch.query(new GetAnnouncement(principalOf(caller), r.announcementId)),
    }));
  }
}
