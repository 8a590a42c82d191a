import { Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { notificationsEntities } from './projections/notifications/notifications.orm.js';
import { MarkReadController } from './commands/mark-read/mark-read.http.controller.js';
import { MarkReadHandler } from './commands/mark-read/mark-read.handler.js';
import { MyNotificationsController } from './queries/my-notifications/my-notifications.http.controller.js';
import { MyNotificationsHandler } from './queries/my-notifications/my-notifications.handler.js';

/** The notifications context's HTTP side (the bell). Needs EventSourcingModule, BackboneModule, AuthModule and MikroOrmModule.forRoot({ autoLoadEntities: true }) (global) from the composition root. */
@ApiTag('notifications', 'The in-app notifications of the signed-in user (the bell).')
@Module({
  // Its read entities, for the root ORM's autoLoadEntities (the reads go through the schema's views).
  imports: [MikroOrmModule.forFeature(notificationsEntities)],
  controllers: [MyNotificationsController, MarkReadController],
  providers: [MarkReadHandler, MyNotificationsHandler],
})
export class NotificationsModule {}
