import { Module } from '@nestjs/common';
import { MarkReadController } from './commands/mark-read/mark-read.http.controller.js';
import { MarkReadHandler } from './commands/mark-read/mark-read.handler.js';
import { MyNotificationsController } from './queries/my-notifications/my-notifications.http.controller.js';
import { InboxReader } from './projections/notifications/inbox.reader.js';

/** The notifications context's HTTP side (the bell). Needs EventSourcingModule and AuthModule (global) from the composition root. */
@Module({
  controllers: [MyNotificationsController, MarkReadController],
  providers: [InboxReader, MarkReadHandler],
})
export class NotificationsModule {}
