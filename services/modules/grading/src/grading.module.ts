import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, ApiTag } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { gradingEntities } from './projections/grading/grading.orm.js';
import { SubmissionGitHosts } from './pinning/submission-git.js';
import { SubmitWorkController } from './commands/submit-work/submit-work.http.controller.js';
import { SubmitWorkHandler } from './commands/submit-work/submit-work.handler.js';
import { GradeSubmissionController } from './commands/grade-submission/grade-submission.http.controller.js';
import { GradeSubmissionHandler } from './commands/grade-submission/grade-submission.handler.js';
import { TeacherSubmissionsController } from './queries/teacher-submissions/teacher-submissions.http.controller.js';
import { TeacherSubmissionsHandler } from './queries/teacher-submissions/teacher-submissions.handler.js';
import { GetSubmissionController } from './queries/get-submission/get-submission.http.controller.js';
import { GetSubmissionHandler } from './queries/get-submission/get-submission.handler.js';
import { GradeHistoryController } from './queries/grade-history/grade-history.http.controller.js';
import { GradeHistoryHandler } from './queries/grade-history/grade-history.handler.js';
import { MyGradesController } from './queries/my-grades/my-grades.http.controller.js';
import { MyGradesHandler } from './queries/my-grades/my-grades.handler.js';
import { MyProgressController } from './queries/my-progress/my-progress.http.controller.js';
import { MyProgressHandler } from './queries/my-progress/my-progress.handler.js';
import { StudentDashboardController } from './queries/student-dashboard/student-dashboard.http.controller.js';
import { StudentDashboardHandler } from './queries/student-dashboard/student-dashboard.handler.js';
import { TeacherDashboardController } from './queries/teacher-dashboard/teacher-dashboard.http.controller.js';
import { TeacherDashboardHandler } from './queries/teacher-dashboard/teacher-dashboard.handler.js';
import { ExportGradesController } from './queries/export-grades/export-grades.http.controller.js';
import { ExportGradesHandler } from './queries/export-grades/export-grades.handler.js';
import { ChangeExtensionController } from './commands/change-extension/change-extension.http.controller.js';
import { ChangeExtensionHandler } from './commands/change-extension/change-extension.handler.js';
import { ItemExtensionsController } from './queries/item-extensions/item-extensions.http.controller.js';
import { ItemExtensionsHandler } from './queries/item-extensions/item-extensions.handler.js';
import { ReplyToSubmissionController } from './commands/reply-to-submission/reply-to-submission.http.controller.js';
import { ReplyToSubmissionHandler } from './commands/reply-to-submission/reply-to-submission.handler.js';
import { SubmissionRepliesController } from './queries/submission-replies/submission-replies.http.controller.js';
import { SubmissionRepliesHandler } from './queries/submission-replies/submission-replies.handler.js';
import { SetRubricController } from './commands/set-rubric/set-rubric.http.controller.js';
import { SetRubricHandler } from './commands/set-rubric/set-rubric.handler.js';
import { ItemRubricController } from './queries/item-rubric/item-rubric.http.controller.js';
import { ItemRubricHandler } from './queries/item-rubric/item-rubric.handler.js';
import { CreateRubricTemplateController } from './commands/create-rubric-template/create-rubric-template.http.controller.js';
import { CreateRubricTemplateHandler } from './commands/create-rubric-template/create-rubric-template.handler.js';
import { CopyRubricTemplateController } from './commands/copy-rubric-template/copy-rubric-template.http.controller.js';
import { CopyRubricTemplateHandler } from './commands/copy-rubric-template/copy-rubric-template.handler.js';
import { RubricTemplatesController } from './queries/rubric-templates/rubric-templates.http.controller.js';
import { RubricTemplatesHandler } from './queries/rubric-templates/rubric-templates.handler.js';

/**
 * The grading context's HTTP side: controllers dispatch on the CQRS buses to the handlers below.
 * Needs EventSourcingModule, BackboneModule, AuthModule and MikroOrmModule.forRoot({ autoLoadEntities: true })
 * (global) from the composition root.
 */
@ApiTag('grading', 'Submissions of tasks and capstones, grades, progress and the dashboards built on them.')
@Module({
  // Its read entities, for the root ORM's autoLoadEntities (the reads go through the schema's views).
  imports: [MikroOrmModule.forFeature(gradingEntities)],
  controllers: [
    SubmitWorkController,
    GradeSubmissionController,
    TeacherSubmissionsController,
    GradeHistoryController,
    GetSubmissionController,
    MyGradesController,
    MyProgressController,
    StudentDashboardController,
    TeacherDashboardController,
    ExportGradesController,
    ChangeExtensionController,
    ItemExtensionsController,
    ReplyToSubmissionController,
    SubmissionRepliesController,
    SetRubricController,
    ItemRubricController,
    CreateRubricTemplateController,
    CopyRubricTemplateController,
    RubricTemplatesController,
  ],
  providers: [
    // The git hosts submissions may name, and the guarded client that reads their commits (ADR 0039).
    { provide: SubmissionGitHosts, useFactory: (config: AppConfig) => new SubmissionGitHosts(config), inject: [APP_CONFIG] },
    SubmitWorkHandler,
    GradeSubmissionHandler,
    TeacherSubmissionsHandler,
    GetSubmissionHandler,
    GradeHistoryHandler,
    MyGradesHandler,
    MyProgressHandler,
    StudentDashboardHandler,
    TeacherDashboardHandler,
    ExportGradesHandler,
    ChangeExtensionHandler,
    ItemExtensionsHandler,
    ReplyToSubmissionHandler,
    SubmissionRepliesHandler,
    SetRubricHandler,
    ItemRubricHandler,
    CreateRubricTemplateHandler,
    CopyRubricTemplateHandler,
    RubricTemplatesHandler,
  ],
})
export class GradingModule {}
