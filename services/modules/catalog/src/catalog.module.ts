import { Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { catalogEntities } from './projections/catalog/catalog.orm.js';
import { CreateProgramController } from './commands/create-program/create-program.http.controller.js';
import { CreateProgramHandler } from './commands/create-program/create-program.handler.js';
import { UpdateProgramController } from './commands/update-program/update-program.http.controller.js';
import { UpdateProgramHandler } from './commands/update-program/update-program.handler.js';
import { DeleteProgramController } from './commands/delete-program/delete-program.http.controller.js';
import { DeleteProgramHandler } from './commands/delete-program/delete-program.handler.js';
import { CreateSubjectController } from './commands/create-subject/create-subject.http.controller.js';
import { CreateSubjectHandler } from './commands/create-subject/create-subject.handler.js';
import { UpdateSubjectController } from './commands/update-subject/update-subject.http.controller.js';
import { UpdateSubjectHandler } from './commands/update-subject/update-subject.handler.js';
import { DeleteSubjectController } from './commands/delete-subject/delete-subject.http.controller.js';
import { DeleteSubjectHandler } from './commands/delete-subject/delete-subject.handler.js';
import { AssignTeacherController } from './commands/assign-teacher/assign-teacher.http.controller.js';
import { AssignTeacherHandler } from './commands/assign-teacher/assign-teacher.handler.js';
import { UnassignTeacherController } from './commands/unassign-teacher/unassign-teacher.http.controller.js';
import { UnassignTeacherHandler } from './commands/unassign-teacher/unassign-teacher.handler.js';
import { ListProgramsController } from './queries/list-programs/list-programs.http.controller.js';
import { ListProgramsHandler } from './queries/list-programs/list-programs.handler.js';
import { ListSubjectsController } from './queries/list-subjects/list-subjects.http.controller.js';
import { ListSubjectsHandler } from './queries/list-subjects/list-subjects.handler.js';
import { ListTeacherAssignmentsController } from './queries/list-teacher-assignments/list-teacher-assignments.http.controller.js';
import { ListTeacherAssignmentsHandler } from './queries/list-teacher-assignments/list-teacher-assignments.handler.js';
import { MySubjectsController } from './queries/my-subjects/my-subjects.http.controller.js';
import { MySubjectsHandler } from './queries/my-subjects/my-subjects.handler.js';
import { PublicSiteModule } from './public-site.module.js';

/** The catalog context's HTTP side. Needs EventSourcingModule, BackboneModule, AuthModule and MikroOrmModule.forRoot({ autoLoadEntities: true }) (global) from the composition root. */
@ApiTag('catalog', 'Programs, subjects and teacher assignments.')
@Module({
  // Its read entities, for the root ORM's autoLoadEntities (the reads go through the schema's views); the public site's catalogue.
  imports: [MikroOrmModule.forFeature(catalogEntities), PublicSiteModule],
  controllers: [
    ListProgramsController,
    CreateProgramController,
    UpdateProgramController,
    DeleteProgramController,
    ListSubjectsController,
    CreateSubjectController,
    UpdateSubjectController,
    DeleteSubjectController,
    ListTeacherAssignmentsController,
    AssignTeacherController,
    UnassignTeacherController,
    MySubjectsController,
  ],
  providers: [
    CreateProgramHandler,
    UpdateProgramHandler,
    DeleteProgramHandler,
    CreateSubjectHandler,
    UpdateSubjectHandler,
    DeleteSubjectHandler,
    AssignTeacherHandler,
    UnassignTeacherHandler,
    ListProgramsHandler,
    ListSubjectsHandler,
    ListTeacherAssignmentsHandler,
    MySubjectsHandler,
  ],
})
export class CatalogModule {}
