import { Module } from '@nestjs/common';
import { ApiTag, CLOCK, systemClock } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { attendanceEntities } from './projections/attendance/attendance.orm.js';
import { SetScheduleController } from './commands/set-schedule/set-schedule.http.controller.js';
import { SetScheduleHandler } from './commands/set-schedule/set-schedule.handler.js';
import { CancelSessionController } from './commands/cancel-session/cancel-session.http.controller.js';
import { CancelSessionHandler } from './commands/cancel-session/cancel-session.handler.js';
import { MoveSessionController } from './commands/move-session/move-session.http.controller.js';
import { MoveSessionHandler } from './commands/move-session/move-session.handler.js';
import { RecordAttendanceController } from './commands/record-attendance/record-attendance.http.controller.js';
import { RecordAttendanceHandler } from './commands/record-attendance/record-attendance.handler.js';
import { AddNonTeachingDayController } from './commands/add-non-teaching-day/add-non-teaching-day.http.controller.js';
import { AddNonTeachingDayHandler } from './commands/add-non-teaching-day/add-non-teaching-day.handler.js';
import { RemoveNonTeachingDayController } from './commands/remove-non-teaching-day/remove-non-teaching-day.http.controller.js';
import { RemoveNonTeachingDayHandler } from './commands/remove-non-teaching-day/remove-non-teaching-day.handler.js';
import { FillNonTeachingDaysController } from './commands/fill-non-teaching-days/fill-non-teaching-days.http.controller.js';
import { FillNonTeachingDaysHandler } from './commands/fill-non-teaching-days/fill-non-teaching-days.handler.js';
import { ScheduledSubjectsController } from './queries/scheduled-subjects/scheduled-subjects.http.controller.js';
import { ScheduledSubjectsHandler } from './queries/scheduled-subjects/scheduled-subjects.handler.js';
import { ClassSessionsController } from './queries/class-sessions/class-sessions.http.controller.js';
import { ClassSessionsHandler } from './queries/class-sessions/class-sessions.handler.js';
import { GetClassSessionHandler } from './queries/get-class-session/get-class-session.handler.js';
import { AttendanceSheetController } from './queries/attendance-sheet/attendance-sheet.http.controller.js';
import { AttendanceSheetHandler } from './queries/attendance-sheet/attendance-sheet.handler.js';
import { MyAttendanceController } from './queries/my-attendance/my-attendance.http.controller.js';
import { MyAttendanceHandler } from './queries/my-attendance/my-attendance.handler.js';
import { ExportAttendanceController } from './queries/export-attendance/export-attendance.http.controller.js';
import { ExportAttendanceHandler } from './queries/export-attendance/export-attendance.handler.js';
import { NonTeachingDaysController } from './queries/non-teaching-days/non-teaching-days.http.controller.js';
import { NonTeachingDaysHandler } from './queries/non-teaching-days/non-teaching-days.handler.js';

/**
 * The attendance context's HTTP side (issue 31 §1–§2, ADR 0043). Needs EventSourcingModule,
 * BackboneModule, AuthModule and MikroOrmModule.forRoot({ autoLoadEntities: true }) from the composition root.
 */
@ApiTag('attendance', "Cohort schedules, the academy's non-teaching days, sessions cancelled or moved, and who came to each session.")
@Module({
  imports: [MikroOrmModule.forFeature(attendanceEntities)],
  // The static routes (mine, subjects, fill) before the ones with a parameter.
  controllers: [
    MyAttendanceController,
    ScheduledSubjectsController,
    NonTeachingDaysController,
    FillNonTeachingDaysController,
    AddNonTeachingDayController,
    RemoveNonTeachingDayController,
    SetScheduleController,
    ClassSessionsController,
    ExportAttendanceController,
    AttendanceSheetController,
    CancelSessionController,
    MoveSessionController,
    RecordAttendanceController,
  ],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    SetScheduleHandler,
    CancelSessionHandler,
    MoveSessionHandler,
    RecordAttendanceHandler,
    AddNonTeachingDayHandler,
    RemoveNonTeachingDayHandler,
    FillNonTeachingDaysHandler,
    ScheduledSubjectsHandler,
    ClassSessionsHandler,
    GetClassSessionHandler,
    AttendanceSheetHandler,
    MyAttendanceHandler,
    ExportAttendanceHandler,
    NonTeachingDaysHandler,
  ],
})
export class AttendanceModule {}
