// Every published event in one list (ADR 0017), and what the event store needs of it: the checks of
// an append and the upcasters of a read. Structurally the EventSchemas of @academy/event-store (the
// contracts do not depend on the store).
import { z } from 'zod';
import { ADMISSIONS_PUBLISHED_EVENTS } from './admissions.js';
import { ANNOUNCEMENTS_PUBLISHED_EVENTS } from './announcements.js';
import { ATTENDANCE_PUBLISHED_EVENTS } from './attendance.js';
import { CATALOG_PUBLISHED_EVENTS } from './catalog.js';
import { ENROLLMENT_PUBLISHED_EVENTS } from './enrollment.js';
import { GRADING_PUBLISHED_EVENTS } from './grading.js';
import { IDENTITY_PUBLISHED_EVENTS } from './identity.js';
import { LEARNING_PUBLISHED_EVENTS } from './learning.js';
import type { EventUpcasters, PublishedEvent } from './published-event.js';

/** Published events by producing context: the only events a context may consume from another. */
export const PUBLISHED_EVENTS_BY_CONTEXT = {
  identity: IDENTITY_PUBLISHED_EVENTS,
  catalog: CATALOG_PUBLISHED_EVENTS,
  enrollment: ENROLLMENT_PUBLISHED_EVENTS,
  admissions: ADMISSIONS_PUBLISHED_EVENTS,
  learning: LEARNING_PUBLISHED_EVENTS,
  grading: GRADING_PUBLISHED_EVENTS,
  notifications: [],
  announcements: ANNOUNCEMENTS_PUBLISHED_EVENTS,
  attendance: ATTENDANCE_PUBLISHED_EVENTS,
} as const satisfies Record<string, readonly PublishedEvent<string, unknown, unknown>[]>;

export const PUBLISHED_EVENTS: readonly PublishedEvent<string, unknown, unknown>[] = Object.values(PUBLISHED_EVENTS_BY_CONTEXT).flat();

const byType = new Map<string, PublishedEvent<string, unknown, unknown>>();
for (const e of PUBLISHED_EVENTS) {
  if (byType.has(e.type)) throw new Error(`published event ${e.type} declared twice`);
  byType.set(e.type, e);
}

/** The published event of that type, or undefined for a context's internal event. */
export function publishedEventOf(type: string): PublishedEvent<string, unknown, unknown> | undefined {
  return byType.get(type);
}

/** What the event store is given (PostgresEventStoreOptions.schemas). */
export interface PublishedEventSchemas {
  upcasters: Record<string, EventUpcasters>;
  /**
   * An event about to be appended: the version to store (the current one; an internal event keeps
   * the producer's), or why it cannot be stored. Producers write the current version only.
   */
  check(event: { type: string; schemaVersion?: number; data: unknown; personal?: Record<string, unknown> | null }): { ok: true; schemaVersion?: number } | { ok: false; reason: string };
}

export const publishedEventSchemas: PublishedEventSchemas = {
  upcasters: Object.fromEntries(PUBLISHED_EVENTS.filter((e) => e.version > 1).map((e) => [e.type, e.upcasters])),
  check(event) {
    const published = byType.get(event.type);
    if (!published) return { ok: true };
    if (event.schemaVersion !== undefined && event.schemaVersion !== published.version) {
      return { ok: false, reason: `producers write v${published.version} of ${event.type}, not v${event.schemaVersion}` };
    }
    const data = published.schema.safeParse(event.data);
    if (!data.success) return { ok: false, reason: `data: ${z.prettifyError(data.error)}` };
    if (published.personalSchema && event.personal) {
      const personal = published.personalSchema.safeParse(event.personal);
      if (!personal.success) return { ok: false, reason: `personal: ${z.prettifyError(personal.error)}` };
    }
    return { ok: true, schemaVersion: published.version };
  },
};
