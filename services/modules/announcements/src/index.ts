// Public surface of the announcements context: the Nest module, the projection and templates the worker runs.
import type { Projection } from '@academy/event-store';
import { announcementsProjection } from './projections/announcements/announcements.projection.js';

export { AnnouncementsModule } from './announcements.module.js';
export const announcementsProjections: Projection[] = [announcementsProjection];
export { announcementsEntities, announcementsOrm } from './projections/announcements/announcements.orm.js';
export { announcementsInAppTemplates, announcementsMailTemplates } from './notifications/announcements.templates.js';
