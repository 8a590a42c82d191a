// The announcements read model on MikroORM (ADR 0018): its entities, and the migrations the Migrator
// runs into every new version schema of the projection.
import type { ProjectionOrm } from '@academy/event-store';
import { announcementsMigrations } from '../../migrations/index.js';
import { Announcement } from './announcement.entity.js';
import { AnnouncementsAssignment } from './assignment.entity.js';
import { AnnouncementDelivery } from './delivery.entity.js';
import { AnnouncementsEnrollment } from './enrollment.entity.js';
import { AnnouncementsPerson } from './person.entity.js';
import { AnnouncementsProgram } from './program.entity.js';
import { AnnouncementsSubject } from './subject.entity.js';

export const announcementsEntities = [AnnouncementsPerson, AnnouncementsProgram, AnnouncementsSubject, AnnouncementsAssignment, AnnouncementsEnrollment, Announcement, AnnouncementDelivery];

export const announcementsOrm: ProjectionOrm = { entities: announcementsEntities, migrations: announcementsMigrations };
