import { CallerCommand } from '@academy/backend';
import type { AddNonTeachingDayRequest } from '@academy/contracts';
import type { AttendanceWritten } from '../attendance-written.js';

/** Holidays page, 'Add': a day the academy does not teach (admin). */
export class AddNonTeachingDay extends CallerCommand<AddNonTeachingDayRequest, AttendanceWritten> {}
