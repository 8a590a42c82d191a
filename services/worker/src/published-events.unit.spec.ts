// Architecture rule (ADR 0017): a context's projections and reactors handle its own events and the
// events other contexts PUBLISH (libs/contracts/src/events), nothing else. An event another context
// appends without publishing it is that context's internal detail: consuming it would couple the
// two contexts to a shape that may change without a version. This test fails when that happens.
import { describe, expect, it } from '@jest/globals';
import {
  ADMISSIONS_EVENTS,
  ANNOUNCEMENT_EVENTS,
  ATTENDANCE_EVENTS,
  CATALOG_EVENTS,
  ENROLLMENT_EVENTS,
  GRADING_EVENTS,
  IDENTITY_EVENTS,
  LEARNING_EVENTS,
  NOTIFICATIONS_EVENTS,
  PUBLISHED_EVENTS_BY_CONTEXT,
} from '@academy/contracts';
import type { EventStore, Projection, ReactorDefinition } from '@academy/event-store';
import { admissionsProjections, admissionsReactors } from '@academy/admissions';
import { announcementsProjections } from '@academy/announcements';
import { attendanceProjections } from '@academy/attendance';
import { catalogProjections } from '@academy/catalog';
import { enrollmentProjections, enrollmentReactors } from '@academy/enrollment';
import { gradingProjections } from '@academy/grading';
import { identityProjections, identityReactors, type IdentityReactorDeps } from '@academy/identity';
import { learningProjections } from '@academy/learning';
import { notificationsProjection } from '@academy/notifications';
import { WORKER_PROJECTIONS } from '@academy/testing';
import { inAppTemplates, projections, subjectErasures } from './registry.js';

type Context = keyof typeof PUBLISHED_EVENTS_BY_CONTEXT;

/** Who appends each event type: the type constants each context declares. */
const PRODUCED_BY: Record<Context, Record<string, string>> = {
  identity: IDENTITY_EVENTS,
  catalog: CATALOG_EVENTS,
  enrollment: ENROLLMENT_EVENTS,
  admissions: ADMISSIONS_EVENTS,
  learning: LEARNING_EVENTS,
  grading: GRADING_EVENTS,
  notifications: NOTIFICATIONS_EVENTS,
  announcements: ANNOUNCEMENT_EVENTS,
  attendance: ATTENDANCE_EVENTS,
};

// The reactors only need a store when they run; building their definitions does not touch it.
const noStore = {} as EventStore;

/** Each context's consumers: its projections' and reactors' handled event types. */
const CONSUMERS: Record<Context, { projections: Projection[]; reactors: ReactorDefinition[] }> = {
  identity: { projections: identityProjections, reactors: identityReactors(noStore, {} as IdentityReactorDeps) },
  catalog: { projections: catalogProjections, reactors: [] },
  enrollment: { projections: enrollmentProjections, reactors: enrollmentReactors(noStore) },
  admissions: { projections: admissionsProjections, reactors: admissionsReactors(noStore) },
  learning: { projections: learningProjections, reactors: [] },
  grading: { projections: gradingProjections, reactors: [] },
  announcements: { projections: announcementsProjections, reactors: [] },
  attendance: { projections: attendanceProjections, reactors: [] },
  // The notifications projection runs the other contexts' in-app templates and erasures as its own handlers.
  notifications: { projections: [notificationsProjection(inAppTemplates, subjectErasures)], reactors: [] },
};

function handledTypes(c: Context): { consumer: string; type: string }[] {
  const { projections, reactors } = CONSUMERS[c];
  return [
    ...projections.flatMap((p) => [...Object.keys(p.handlers), ...(p.sets ?? []).flatMap((s) => s.types)].map((type) => ({ consumer: `projection ${p.name}`, type }))),
    ...reactors.flatMap((r) => Object.keys(r.reactions).map((type) => ({ consumer: `reactor ${r.name}`, type }))),
  ];
}

const producerOf = (type: string): Context | undefined => (Object.keys(PRODUCED_BY) as Context[]).find((c) => Object.values(PRODUCED_BY[c]).includes(type));
const published = new Set<string>(Object.values(PUBLISHED_EVENTS_BY_CONTEXT).flatMap((events) => events.map((e) => e.type)));

function violations(context: Context, handled: { consumer: string; type: string }[]): string[] {
  return handled
    .filter(({ type }) => producerOf(type) !== context && !published.has(type))
    .map(({ consumer, type }) => `${consumer} handles ${type} (${producerOf(type) ?? 'no context'}'s, not published)`);
}

describe('contexts consume only published events', () => {
  it.each(Object.keys(CONSUMERS) as Context[])('%s handles only its own events and published ones', (context) => {
    const handled = handledTypes(context);
    expect(handled.length).toBeGreaterThan(0);
    expect(violations(context, handled)).toEqual([]);
  });

  it('each published event is declared by the context that appends it', () => {
    for (const [context, events] of Object.entries(PUBLISHED_EVENTS_BY_CONTEXT)) {
      for (const e of events) expect({ type: e.type, producer: producerOf(e.type) }).toEqual({ type: e.type, producer: context });
    }
  });

  it("the rule bites: another context's internal event, or one no context declares, is reported", () => {
    const handled = [
      { consumer: 'projection grading', type: LEARNING_EVENTS.WeekUpdated },
      { consumer: 'projection grading', type: 'SomethingNobodyDeclares' },
      { consumer: 'projection grading', type: LEARNING_EVENTS.WeekCreated },
    ];
    expect(violations('grading', handled)).toEqual([
      "projection grading handles WeekUpdated (learning's, not published)",
      "projection grading handles SomethingNobodyDeclares (no context's, not published)",
    ]);
    expect(violations('learning', handled.slice(0, 1))).toEqual([]);
  });
});

// The list the integration tests wait for ("every projection live at the head") is this registry's.
it('WORKER_PROJECTIONS of @academy/testing names exactly the projections the worker runs', () => {
  expect(projections.map((p) => p.name).sort()).toEqual([...WORKER_PROJECTIONS].sort());
});
