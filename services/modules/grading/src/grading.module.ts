import { Module } from '@nestjs/common';
import { SubmitWorkController } from './commands/submit-work/submit-work.http.controller.js';
import { SubmitWorkHandler } from './commands/submit-work/submit-work.handler.js';
import { GradeSubmissionController } from './commands/grade-submission/grade-submission.http.controller.js';
import { GradeSubmissionHandler } from './commands/grade-submission/grade-submission.handler.js';
import { TeacherSubmissionsController } from './queries/teacher-submissions/teacher-submissions.http.controller.js';
import { GetSubmissionController } from './queries/get-submission/get-submission.http.controller.js';
import { GradeHistoryController } from './queries/grade-history/grade-history.http.controller.js';
import { MyGradesController } from './queries/my-grades/my-grades.http.controller.js';
import { MyProgressController } from './queries/my-progress/my-progress.http.controller.js';
import { DashboardsController } from './queries/dashboards/dashboards.http.controller.js';
import { ExportGradesController } from './queries/export-grades/export-grades.http.controller.js';
import { GradingReader } from './projections/grading/grading.reader.js';

/** The grading context's HTTP side. Needs EventSourcingModule and AuthModule (global) from the composition root. */
@Module({
  controllers: [
    SubmitWorkController,
    GradeSubmissionController,
    TeacherSubmissionsController,
    GradeHistoryController,
    GetSubmissionController,
    MyGradesController,
    MyProgressController,
    DashboardsController,
    ExportGradesController,
  ],
  providers: [GradingReader, SubmitWorkHandler, GradeSubmissionHandler],
})
export class GradingModule {}
