// "Why?" (issue 16): the causes of a value, walked back through the log's own metadata. Pure: the
// lookups are passed in, so the walk is tested without a database.
// A step leads to its cause by its causation id (a reaction names the event it reacted to); an event
// with none was made by a command, and the events that command appended before it are its causes (one
// grading appends SubmissionGraded, then CapstonePassed). The walk ends at an event a person's command
// made first, or at an id the log does not hold.
import type { LogRow } from '@academy/event-store';
import type { AuditWhyStep, AuditWhyView } from '@academy/contracts';

/** Which events set each value: the newest of them holds it. */
export const WHY_VALUE_EVENTS: Record<AuditWhyView, readonly string[]> = {
  'enrollment-week': ['StudentEnrolled', 'EnrollmentWeekAdvanced'],
  'enrollment-status': ['StudentEnrolled', 'EnrollmentStatusChanged'],
  'grade-status': ['SubmissionGraded'],
};

/** The value as the staff screens show it, from the event that set it. */
export function whyValueLabel(view: AuditWhyView, e: Pick<LogRow, 'type' | 'data'>): string {
  const d = (e.data ?? {}) as Record<string, unknown>;
  switch (view) {
    case 'enrollment-week':
      // StudentEnrolled starts at week 1; EnrollmentWeekAdvanced v2 says currentWeek, v1 said week.
      return `Week ${e.type === 'StudentEnrolled' ? 1 : String(d.currentWeek ?? d.week)}`;
    case 'enrollment-status':
      return e.type === 'StudentEnrolled' ? 'pending' : String(d.status);
    case 'grade-status':
      return String(d.status);
  }
}

export interface WhyLookups {
  byId(id: string): Promise<LogRow | null>;
  sameCommandBefore(row: LogRow): Promise<LogRow[]>;
}

/** Guards a malformed or cyclic history: no real chain in this LMS is a tenth as long. */
export const WHY_MAX_STEPS = 50;

/** The chain from the value's event back to its first cause, newest first. */
export async function walkWhy(start: LogRow, lookups: WhyLookups): Promise<Array<LogRow & { link: AuditWhyStep['link'] }>> {
  const chain: Array<LogRow & { link: AuditWhyStep['link'] }> = [{ ...start, link: 'value' }];
  const seen = new Set([start.position]);
  let current = start;
  while (chain.length < WHY_MAX_STEPS) {
    let next: LogRow | null = null;
    if (current.metadata.causationId) {
      const cause = await lookups.byId(current.metadata.causationId);
      if (cause && !seen.has(cause.position)) {
        chain.push({ ...cause, link: 'caused' });
        next = cause;
      }
    } else {
      // Newest first, like the rest of the chain; the oldest of them is where the walk goes on.
      const siblings = (await lookups.sameCommandBefore(current)).filter((s) => !seen.has(s.position));
      for (const s of [...siblings].reverse()) chain.push({ ...s, link: 'same-command' });
      next = siblings[0] ?? null;
      for (const s of siblings) seen.add(s.position);
    }
    if (!next) break;
    seen.add(next.position);
    current = next;
  }
  return chain.slice(0, WHY_MAX_STEPS);
}
