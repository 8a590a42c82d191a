import { formatDateIn, formatDateTimeIn, formatZonedDateTime, fromZonedInput, toZonedInput, zoneLabel, type EnrollmentStatus, type ProgramType } from '@academy/contracts';
import { academyTimeZone } from '@academy/web-session';

// The frontends' one formatting module: every date, time, count and device name a page shows comes
// from here. What happened (a submission, a grade, a sign-in) is shown in the reader's own zone, the
// browser's; due dates are entered and shown in the academy's zone, with its name, so a student and a
// teacher in different zones read the same deadline (issue 18 §2).

/** The academy's zone (set by the shell from the API's ACADEMY_TIME_ZONE; see @academy/web-session). */
export { academyTimeZone };

/** The browser's IANA zone (what the reader's clock says). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "23 Nov 2026": the day of an ISO instant in the reader's zone; the input itself if it is not a date. */
export const formatDate = (iso: string): string => formatDateIn(iso, browserTimeZone());

/** "23 Nov 2026, 12:45": an ISO instant in the reader's zone. */
export const formatDateTime = (iso: string): string => formatDateTimeIn(iso, browserTimeZone());

/** "30 Nov 2026, 23:59 Johannesburg time": a due date, in the academy's zone, named. */
export const formatDueDate = (iso: string): string => formatZonedDateTime(iso, academyTimeZone());

/** "Johannesburg time": the name of the zone due dates are entered in. */
export const academyZoneLabel = (): string => zoneLabel(academyTimeZone());

/** The datetime-local value of a due date, as the academy's wall time ('' = no due date). */
export const toDueDateInput = (iso: string | null): string => toZonedInput(iso, academyTimeZone());

/** The ISO instant of a datetime-local due date read in the academy's zone; null when empty, the text as typed when unreadable. */
export const fromDueDateInput = (local: string): string | null => fromZonedInput(local, academyTimeZone());

/** What a program's type is called on every screen. */
export const PROGRAM_TYPE_LABELS: Record<ProgramType, string> = { evening: 'Evening', daytime: 'Daytime' };

/** What an enrollment's status is called on every screen. */
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = { pending: 'Pending', active: 'Active', completed: 'Completed', dropped: 'Dropped' };

/** "1 admin", "0 admins", "3 tries": a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * A readable name for a browser's User-Agent: "Chrome on Linux". Good enough to recognise one's
 * own devices in a list; "Unknown device" when there is none.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const ua = userAgent;
  const browser =
    /Edg\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /HeadlessChrome\//.test(ua) ? 'Headless Chrome'
    : /Chrom(e|ium)\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) && /Version\//.test(ua) ? 'Safari'
    : null;
  const os =
    /Android/.test(ua) ? 'Android'
    : /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? (ua.length > 60 ? `${ua.slice(0, 57)}...` : ua);
}
