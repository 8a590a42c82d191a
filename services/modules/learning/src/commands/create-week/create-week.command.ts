import { CallerCommand } from '@academy/backend';
import type { CreateWeekRequest } from '@academy/contracts';
import type { WeekWritten } from '../week-written.js';

/** Teacher Weekly Content, 'Create Week': a draft week N of an assigned subject. */
export class CreateWeek extends CallerCommand<CreateWeekRequest, WeekWritten> {}
