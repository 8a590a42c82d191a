// The non-teaching days of one year (stream `non-teaching-days-<year>`): the public holidays of South
// Africa and Zimbabwe filled once from date-holidays, and the admin's own additions and removals.
// Plain TS; only an admin changes them.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import {
  ATTENDANCE_EVENTS,
  ATTENDANCE_MESSAGES,
  type NonTeachingDayAddedData,
  type NonTeachingDayRemovedData,
  type NonTeachingDaysFilledData,
  type Role,
} from '@academy/contracts';

export const nonTeachingDaysStream = (year: number) => `non-teaching-days-${year}`;

export type NonTeachingDaysEvent =
  | { type: typeof ATTENDANCE_EVENTS.NonTeachingDaysFilled; data: NonTeachingDaysFilledData }
  | { type: typeof ATTENDANCE_EVENTS.NonTeachingDayAdded; data: NonTeachingDayAddedData }
  | { type: typeof ATTENDANCE_EVENTS.NonTeachingDayRemoved; data: NonTeachingDayRemovedData };

export interface NonTeachingDaysState {
  filled: boolean;
  days: ReadonlyMap<string, string>;
}

export const initialNonTeachingDaysState = (): NonTeachingDaysState => ({ filled: false, days: new Map() });

export function evolveNonTeachingDays(state: NonTeachingDaysState, event: LoadedEventOf<NonTeachingDaysEvent>): NonTeachingDaysState {
  const days = new Map(state.days);
  switch (event.type) {
    case ATTENDANCE_EVENTS.NonTeachingDaysFilled:
      for (const d of event.data.days) if (!days.has(d.date)) days.set(d.date, d.name);
      return { filled: true, days };
    case ATTENDANCE_EVENTS.NonTeachingDayAdded:
      days.set(event.data.date, event.data.name);
      return { ...state, days };
    case ATTENDANCE_EVENTS.NonTeachingDayRemoved:
      days.delete(event.data.date);
      return { ...state, days };
    default:
      return state;
  }
}

export type NonTeachingDaysCommand =
  | { type: 'FillPublicHolidays'; role: Role; year: number; holidays: readonly { date: string; name: string }[] }
  | { type: 'AddNonTeachingDay'; role: Role; date: string; name: string }
  | { type: 'RemoveNonTeachingDay'; role: Role; date: string };

export function decideNonTeachingDays(command: NonTeachingDaysCommand, state: NonTeachingDaysState): NonTeachingDaysEvent[] {
  if (command.role !== 'admin') throw new DomainError('forbidden', 'Only an admin can change the non-teaching days');
  switch (command.type) {
    case 'FillPublicHolidays': {
      // Filled once a year: what the admin removed since stays removed when the page is opened again.
      if (state.filled) return [];
      const days = command.holidays.filter((d) => !state.days.has(d.date));
      return [{ type: ATTENDANCE_EVENTS.NonTeachingDaysFilled, data: { year: command.year, days: [...days] } }];
    }
    case 'AddNonTeachingDay':
      if (state.days.has(command.date)) throw new DomainError('conflict', ATTENDANCE_MESSAGES.holidayExists, { date: [ATTENDANCE_MESSAGES.holidayExists] });
      return [{ type: ATTENDANCE_EVENTS.NonTeachingDayAdded, data: { date: command.date, name: command.name } }];
    case 'RemoveNonTeachingDay':
      if (!state.days.has(command.date)) throw new DomainError('not_found', ATTENDANCE_MESSAGES.holidayNotFound);
      return [{ type: ATTENDANCE_EVENTS.NonTeachingDayRemoved, data: { date: command.date } }];
  }
}

export const nonTeachingDaysDecider: Decider<NonTeachingDaysCommand, NonTeachingDaysEvent, NonTeachingDaysState> = {
  initialState: initialNonTeachingDaysState,
  evolve: evolveNonTeachingDays,
  decide: decideNonTeachingDays,
};
