import { Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { learningEntities } from './projections/learning/learning.orm.js';
import { CreateWeekController } from './commands/create-week/create-week.http.controller.js';
import { CreateWeekHandler } from './commands/create-week/create-week.handler.js';
import { PublishWeekController } from './commands/publish-week/publish-week.http.controller.js';
import { PublishWeekHandler } from './commands/publish-week/publish-week.handler.js';
import { EditWeekContentController } from './commands/edit-week-content/edit-week-content.http.controller.js';
import { EditWeekContentHandler } from './commands/edit-week-content/edit-week-content.handler.js';
import { WeekGate } from './commands/week-gate.js';
import { ListWeeksController } from './queries/list-weeks/list-weeks.http.controller.js';
import { ListWeeksHandler } from './queries/list-weeks/list-weeks.handler.js';
import { GetWeekController } from './queries/get-week/get-week.http.controller.js';
import { GetWeekHandler } from './queries/get-week/get-week.handler.js';
import { MyLessonsController } from './queries/my-lessons/my-lessons.http.controller.js';
import { MyLessonsHandler } from './queries/my-lessons/my-lessons.handler.js';

/**
 * The learning context's HTTP side: controllers dispatch on the CQRS buses to the handlers below.
 * Needs EventSourcingModule, BackboneModule, AuthModule and MikroOrmModule.forRoot({ autoLoadEntities: true })
 * (global) from the composition root.
 */
@ApiTag('learning', 'Weeks with their tasks and capstones, and the lessons students see.')
@Module({
  // Its read entities, for the root ORM's autoLoadEntities (the reads go through the schema's views).
  imports: [MikroOrmModule.forFeature(learningEntities)],
  controllers: [ListWeeksController, CreateWeekController, GetWeekController, PublishWeekController, EditWeekContentController, MyLessonsController],
  providers: [
    WeekGate,
    CreateWeekHandler,
    PublishWeekHandler,
    EditWeekContentHandler,
    ListWeeksHandler,
    GetWeekHandler,
    MyLessonsHandler,
  ],
})
export class LearningModule {}
