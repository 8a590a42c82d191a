import { DEFAULT_ACADEMY_TIME_ZONE, isTimeZone } from '@academy/contracts';

// The academy's zone (ACADEMY_TIME_ZONE of the API), learnt by the shell from the runtime manifest
// before any remote loads. Kept here because this package is a Module Federation singleton: the
// value the shell sets is the one every remote's formatting module (@academy/web-dashboard) reads.
let zone = DEFAULT_ACADEMY_TIME_ZONE;

/** The academy's IANA zone: due dates are entered and shown in it. */
export const academyTimeZone = (): string => zone;

/** Called by the shell with the manifest's zone; one this browser does not know keeps the default. */
export function setAcademyTimeZone(next: string): void {
  if (isTimeZone(next)) zone = next;
}
