import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '@academy/backend';
import { type AttendanceStatus, attendanceRate, type MyAttendanceResponse } from '@academy/contracts';
import { readStudentMarks } from '../attendance-view.read.js';
import { MyAttendance } from './my-attendance.query.js';

const none = (): Record<AttendanceStatus, number> => ({ present: 0, late: 0, absent: 0, excused: 0 });

@QueryHandler(MyAttendance)
export class MyAttendanceHandler implements IQueryHandler<MyAttendance> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId }: MyAttendance): Promise<MyAttendanceResponse> {
    const marks = await readStudentMarks(this.em, userId);
    const total = none();
    const weeks = new Map<number, { counts: Record<AttendanceStatus, number>; sessions: MyAttendanceResponse['weeks'][number]['sessions'] }>();
    for (const m of marks) {
      total[m.status]++;
      const w = weeks.get(m.week) ?? { counts: none(), sessions: [] };
      w.counts[m.status]++;
      w.sessions.push({ sessionId: m.sessionId, subjectName: m.subjectName, kind: m.kind, startsAt: m.startsAt, status: m.status });
      weeks.set(m.week, w);
    }
    const rate = attendanceRate(total);
    const threshold = this.config.ATTENDANCE_THRESHOLD;
    return {
      threshold,
      rate,
      flagged: rate !== null && rate < threshold,
      weeks: [...weeks.entries()].sort(([a], [b]) => a - b).map(([week, w]) => ({ week, ...w.counts, rate: attendanceRate(w.counts), sessions: w.sessions })),
    };
  }
}
