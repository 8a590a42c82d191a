// What the worker runs: every bounded context's projections and the events its notifications react
// to. Each context module exports its own lists; they are added here as the contexts land.
import type { DispatchRoutes, EventStore, Projection, ReactorDefinition } from '@academy/event-store';
import { catalogProjections } from '@academy/catalog';
import { enrollmentProjections, enrollmentReactors } from '@academy/enrollment';
import { gradingProjections } from '@academy/grading';
import { learningProjections } from '@academy/learning';
import { identityProjections } from '@academy/identity';

export const projections: Projection[] = [...identityProjections, ...catalogProjections, ...enrollmentProjections, ...learningProjections, ...gradingProjections];

/** Process managers: reactions that append to other streams (e.g. CapstonePassed → the enrollment's next week). */
export const reactors = (store: EventStore): ReactorDefinition[] => [...enrollmentReactors(store)];

/** Event type → BullMQ queue(s) other than mail (mail is routed from the templates in mail/templates.ts) of the 'notifications' dispatcher (job id = event id, ARCHITECTURE.md §7). */
export const notificationRoutes: DispatchRoutes = {};
