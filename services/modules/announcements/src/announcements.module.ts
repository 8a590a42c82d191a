import { Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { announcementsEntities } from './projections/announcements/announcements.orm.js';
import { PostAnnouncementController } from './commands/post-announcement/post-announcement.http.controller.js';
import { PostAnnouncementHandler } from './commands/post-announcement/post-announcement.handler.js';
import { EditAnnouncementController } from './commands/edit-announcement/edit-announcement.http.controller.js';
import { EditAnnouncementHandler } from './commands/edit-announcement/edit-announcement.handler.js';
import { WithdrawAnnouncementController } from './commands/withdraw-announcement/withdraw-announcement.http.controller.js';
import { WithdrawAnnouncementHandler } from './commands/withdraw-announcement/withdraw-announcement.handler.js';
import { MyAnnouncementsController } from './queries/my-announcements/my-announcements.http.controller.js';
import { MyAnnouncementsHandler } from './queries/my-announcements/my-announcements.handler.js';
import { ManagedAnnouncementsController } from './queries/managed-announcements/managed-announcements.http.controller.js';
import { ManagedAnnouncementsHandler } from './queries/managed-announcements/managed-announcements.handler.js';
import { AnnouncementAudiencesController } from './queries/announcement-audiences/announcement-audiences.http.controller.js';
import { AnnouncementAudiencesHandler } from './queries/announcement-audiences/announcement-audiences.handler.js';
import { GetAnnouncementHandler } from './queries/get-announcement/get-announcement.handler.js';

/**
 * The announcements context's HTTP side (ADR 0029). Needs EventSourcingModule, BackboneModule,
 * AuthModule and MikroOrmModule.forRoot({ autoLoadEntities: true }) from the composition root.
 */
@ApiTag('announcements', "Posts to a teacher's subjects, a program, the staff or everyone: pinned on dashboards, in the bell and mailed.")
@Module({
  imports: [MikroOrmModule.forFeature(announcementsEntities)],
  // The static routes (mine, audiences) before ':announcementId'.
  controllers: [MyAnnouncementsController, AnnouncementAudiencesController, ManagedAnnouncementsController, PostAnnouncementController, EditAnnouncementController, WithdrawAnnouncementController],
  providers: [PostAnnouncementHandler, EditAnnouncementHandler, WithdrawAnnouncementHandler, MyAnnouncementsHandler, ManagedAnnouncementsHandler, AnnouncementAudiencesHandler, GetAnnouncementHandler],
})
export class AnnouncementsModule {}
