import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, principalOf, Refuses, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { ANNOUNCEMENT_MESSAGES, type AnnouncementResponse, announcementResponseSchema, type PostAnnouncementRequest, postAnnouncementRequestSchema } from '@academy/contracts';
import { ANNOUNCEMENTS_PROJECTION } from '../../projections/announcements/announcements.projection.js';
import { GetAnnouncement } from '../../queries/get-announcement/get-announcement.query.js';
import { PostAnnouncement } from './post-announcement.command.js';

@Controller('announcements')
export class PostAnnouncementController extends DispatchingController {
  /** 201 { message: 'Announcement posted', announcement }; 403 a teacher outside their subjects, a student, or an audience the role may not address; 404 unknown program. */
  @Post()
  @Roles('teacher', 'admin', 'student_admin')
  @HttpCode(201)
  @CommandAnswers(201, announcementResponseSchema)
  @Refuses(404)
  @RequestExample({ title: 'Exam moved to Friday', body: 'The HTML exam moves to Friday 10:00, room 2.', audience: { kind: 'my_subjects' } })
  post(@Body(new ZodValidationPipe(postAnnouncementRequestSchema)) body: PostAnnouncementRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new PostAnnouncement(caller, body), [ANNOUNCEMENTS_PROJECTION], async (r): Promise<AnnouncementResponse> => ({
      message: ANNOUNCEMENT_MESSAGES.posted,
      announcement: await this.dispatch.query(new GetAnnouncement(principalOf(caller), r.announcementId)),
    }));
  }
}
