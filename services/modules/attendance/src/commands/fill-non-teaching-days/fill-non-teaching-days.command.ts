import { CallerCommand } from '@academy/backend';
import type { FillNonTeachingDaysRequest } from '@academy/contracts';
import type { AttendanceWritten } from '../attendance-written.js';

/** Holidays page, 'Add public holidays': South Africa's and Zimbabwe's of a year (admin; once a year). */
export class FillNonTeachingDays extends CallerCommand<FillNonTeachingDaysRequest, AttendanceWritten> {}
