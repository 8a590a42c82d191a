// The public holidays of the academy's two markets for a year, from date-holidays (a maintained
// table of rules that knows ZA and ZW). Observances (Mother's Day, Easter Sunday) are not days off;
// a day that is a holiday in both countries is listed once, with both names when they differ.
import Holidays from 'date-holidays';

export const ACADEMY_COUNTRIES = ['ZA', 'ZW'] as const;

export function publicHolidays(year: number): { date: string; name: string }[] {
  const byDate = new Map<string, Set<string>>();
  for (const country of ACADEMY_COUNTRIES) {
    for (const h of new Holidays(country).getHolidays(year)) {
      if (h.type !== 'public') continue;
      const date = h.date.slice(0, 10);
      const names = byDate.get(date) ?? new Set<string>();
      names.add(`${h.name} (${country})`);
      byDate.set(date, names);
    }
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, names]) => ({ date, name: [...names].join(', ') }));
}

/** The years a run of `weeks` from `startDate` touches. */
export function yearsOf(startDate: string, lastDay: string): number[] {
  const years: number[] = [];
  for (let y = Number(startDate.slice(0, 4)); y <= Number(lastDay.slice(0, 4)); y++) years.push(y);
  return years;
}
