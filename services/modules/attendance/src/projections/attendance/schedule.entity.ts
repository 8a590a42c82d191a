import { defineEntity, p } from '@mikro-orm/core';

/** `schedules`: each subject's timetable as last set (SessionScheduleSet). */
export const AttendanceSchedule = defineEntity({
  name: 'AttendanceSchedule',
  tableName: 'schedules',
  properties: {
    subjectId: p.uuid().primary(),
    startDate: p.text(),
    weeks: p.integer(),
    weekdays: p.json<number[]>(),
    startTime: p.text(),
    lectureMinutes: p.integer(),
    supportMinutes: p.integer(),
    timeZone: p.text(),
  },
});
