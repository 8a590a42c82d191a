import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig, EVENT_STORE, GatedCommandHandler, principalOf, ReadModelGate } from '@academy/backend';
import { DomainError, type EventStore, Retry, runCommand } from '@academy/event-store';
import { ATTENDANCE_MESSAGES, PROGRAMME_WEEKS, type Role } from '@academy/contracts';
import { readSubjects } from '../../access.read.js';
import { publicHolidays, yearsOf } from '../../domain/public-holidays.js';
import { nonTeachingDaysDecider, nonTeachingDaysStream } from '../../domain/non-teaching-days.js';
import { scheduleDecider, scheduleStream } from '../../domain/schedule.js';
import { addDays } from '../../domain/timetable.js';
import { ATTENDANCE_READ_MODEL } from '../../projections/attendance/attendance.projection.js';
import type { AttendanceWritten } from '../attendance-written.js';
import { SetSchedule } from './set-schedule.command.js';

/**
 * Sets the timetable in the academy's zone (kept in the event, so a replay places the sessions where
 * they were) and, in the same atomic append, fills the public holidays of every year the run touches
 * that were never filled: a new cohort never meets on a public holiday nobody entered.
 */
@CommandHandler(SetSchedule)
export class SetScheduleHandler extends GatedCommandHandler<SetSchedule> {
  constructor(@Inject(EVENT_STORE) store: EventStore, gate: ReadModelGate, @Inject(APP_CONFIG) private readonly config: AppConfig) {
    super(store, gate);
  }

  async execute({ caller, subjectId, input }: SetSchedule): Promise<AttendanceWritten> {
    const p = principalOf(caller);
    const role = p.role as Role;
    if (role !== 'admin') throw new DomainError('forbidden', ATTENDANCE_MESSAGES.notYourSubject);
    const [subject] = await this.gate.check(ATTENDANCE_READ_MODEL, ({ em }) => readSubjects(em, [subjectId]), (s) => s.length > 0, caller.seen);
    if (!subject) throw new DomainError('not_found', ATTENDANCE_MESSAGES.subjectNotFound);
    const schedule = { subjectId, ...input, weeks: PROGRAMME_WEEKS, timeZone: this.config.ACADEMY_TIME_ZONE };
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: Retry.onConflict(3),
      execute: async (unit) => {
        for (const year of yearsOf(input.startDate, addDays(input.startDate, PROGRAMME_WEEKS * 7 - 1))) {
          unit.decide(await unit.load(nonTeachingDaysStream(year), nonTeachingDaysDecider), nonTeachingDaysDecider, { type: 'FillPublicHolidays', role, year, holidays: publicHolidays(year) });
        }
        unit.decide(await unit.load(scheduleStream(subjectId), scheduleDecider), scheduleDecider, { type: 'SetSchedule', actor: { userId: p.userId, role }, schedule });
      },
    });
    return { id: subjectId, position };
  }
}
