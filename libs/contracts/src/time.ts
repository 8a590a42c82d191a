import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format'; // the one function: the package's index loads all 300 of its modules

// Times in the reader's zone (issue 18 §2). Instants travel and are stored as they are (ISO, UTC);
// only their display depends on a zone: the browser's for what happened (a submission, a sign-in),
// the academy's (ACADEMY_TIME_ZONE) for due dates, mails and CSVs, whoever reads them. The web's one
// formatting module (libs/web/dashboard/src/format.ts) and the API's mails and CSVs both call these.

/** Where the academy is when ACADEMY_TIME_ZONE does not say: both markets (ZA, ZW) are UTC+2. */
export const DEFAULT_ACADEMY_TIME_ZONE = 'Africa/Johannesburg';

/** Whether `zone` is an IANA time zone this runtime knows ("Africa/Johannesburg", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function instant(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const inZone = (date: Date, zone: string) => new TZDate(date.getTime(), zone);

/** "23 Nov 2026": the day of an instant in `zone`; what is not a date is given back as it is. */
export function formatDateIn(iso: string, zone: string): string {
  const date = instant(iso);
  return date ? format(inZone(date, zone), 'd MMM yyyy') : iso;
}

/** "23 Nov 2026, 10:45": the wall time of an instant in `zone`. */
export function formatDateTimeIn(iso: string, zone: string): string {
  const date = instant(iso);
  return date ? format(inZone(date, zone), 'd MMM yyyy, HH:mm') : iso;
}

/** "Johannesburg time" for Africa/Johannesburg, "UTC" for UTC: how a zone is named next to a time. */
export function zoneLabel(zone: string): string {
  const city = zone.split('/').pop()!.replace(/_/g, ' ');
  return city === zone && !zone.includes('/') ? zone : `${city} time`;
}

/** "30 Nov 2026, 23:59 Johannesburg time": a time everyone must read the same, with its zone. */
export function formatZonedDateTime(iso: string, zone: string): string {
  return instant(iso) ? `${formatDateTimeIn(iso, zone)} ${zoneLabel(zone)}` : iso;
}

/** "2026-11-30 23:59:00 +02:00": an instant for a CSV, in `zone`, unambiguous and sortable. */
export function formatCsvInstant(iso: string, zone: string): string {
  const date = instant(iso);
  return date ? format(inZone(date, zone), 'yyyy-MM-dd HH:mm:ss xxx') : iso;
}

/** The <input type="datetime-local"> value ("2026-11-30T23:59") of an instant, as a wall time in `zone`; '' for none. */
export function toZonedInput(iso: string | null, zone: string): string {
  const date = iso ? instant(iso) : null;
  return date ? format(inZone(date, zone), "yyyy-MM-dd'T'HH:mm") : '';
}

/**
 * The instant (ISO, UTC) of a datetime-local value read as a wall time in `zone`; null when empty. An
 * unreadable value stays as typed, so that the schema reports it.
 */
export function fromZonedInput(local: string, zone: string): string | null {
  if (!local.trim()) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return local;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0));
  const date = new TZDate(year, month - 1, day, hour, minute, second, zone);
  // A wall time that does not exist (month 13, or skipped when clocks go forward) would roll over.
  if (Number.isNaN(date.getTime()) || format(date, "yyyy-MM-dd'T'HH:mm") !== local.trim().slice(0, 16)) return local;
  return new Date(date.getTime()).toISOString();
}
