// What the worker runs: every bounded context's projections and the events its notifications react
// to. Each context module exports its own lists; they are added here as the contexts land.
import type { InAppTemplates, SubjectErasures } from '@academy/backend';
import type { DispatchRoutes, EventStore, Projection, ReactorDefinition } from '@academy/event-store';
import { admissionsInAppTemplates, admissionsProjections, admissionsReactors, admissionsSubjectErasures } from '@academy/admissions';
import { announcementsInAppTemplates, announcementsProjections } from '@academy/announcements';
import { attendanceInAppTemplates, attendanceProjections } from '@academy/attendance';
import { AuditReplayRow, auditRoutes } from '@academy/audit';
import { catalogProjections } from '@academy/catalog';
import { enrollmentProjections, enrollmentReactors } from '@academy/enrollment';
import { gradingInAppTemplates, gradingProjections, pinRoutes } from '@academy/grading';
import { learningProjections } from '@academy/learning';
import { identityProjections, identityReactors, type IdentityReactorDeps } from '@academy/identity';
import { notificationsEntities, notificationsProjection, recipientDirectory } from '@academy/notifications';

/** Event type → the in-app notices it becomes (the header bell); every context exports its own. */
export const inAppTemplates: InAppTemplates = { ...admissionsInAppTemplates, ...gradingInAppTemplates, ...announcementsInAppTemplates, ...attendanceInAppTemplates };

/** Event type → the data subjects it erases: notices that name them are rewritten (identity's UserDeleted is built in). */
export const subjectErasures: SubjectErasures = { ...admissionsSubjectErasures };

export const projections: Projection[] = [
  ...identityProjections,
  ...catalogProjections,
  ...enrollmentProjections,
  ...learningProjections,
  ...gradingProjections,
  ...admissionsProjections,
  ...announcementsProjections,
  ...attendanceProjections,
  notificationsProjection(inAppTemplates, subjectErasures),
];

/**
 * Process managers: reactions that append to other streams (e.g. CapstonePassed → the enrollment's next
 * week; a conversion request → the student account → the converted applicant).
 */
export const reactors = (store: EventStore, deps: IdentityReactorDeps): ReactorDefinition[] => [...enrollmentReactors(store), ...admissionsReactors(store), ...identityReactors(store, deps)];

/**
 * Event type → BullMQ queue(s) other than mail (mail is routed from the templates in mail/templates.ts) of the 'notifications' dispatcher (job id = event id, ARCHITECTURE.md §7):
 * the audit's verifications and replays, and the pins of submissions whose git host was away (ADR 0039).
 */
export const notificationRoutes: DispatchRoutes = { ...auditRoutes, ...pinRoutes };

/**
 * The MikroORM entities the worker uses through its own ORM: the read models it reads (the schema's
 * views, ADR 0018) and the audit context's table its replay job writes (ADR 0034).
 */
export const readEntities = [...notificationsEntities, AuditReplayRow];

/** Where mail templates find staff and students (their address and mail preferences). */
export { recipientDirectory };
