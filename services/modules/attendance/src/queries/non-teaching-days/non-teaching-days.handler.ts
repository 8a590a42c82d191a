import { QueryHandler } from '@nestjs/cqrs';
import { orNone, ReadModelQueryHandler } from '@academy/backend';
import type { NonTeachingDaysResponse } from '@academy/contracts';
import { readAttendance } from '../../access.read.js';
import { FilledYear, NonTeachingDay } from '../../projections/attendance/non-teaching-day.entity.js';
import { NonTeachingDaysOf } from './non-teaching-days.query.js';

@QueryHandler(NonTeachingDaysOf)
export class NonTeachingDaysHandler extends ReadModelQueryHandler<NonTeachingDaysOf> {
  async execute({ filter: { year } }: NonTeachingDaysOf): Promise<NonTeachingDaysResponse> {
    const read = readAttendance(this.em);
    const days = await orNone(read.find(NonTeachingDay, { year }, { disableIdentityMap: true, orderBy: { date: 'asc' } }), []);
    const filled = (await orNone(read.count(FilledYear, { year }), 0)) > 0;
    return { year, filled, days: days.map((d) => ({ date: d.date, name: d.name })) };
  }
}
