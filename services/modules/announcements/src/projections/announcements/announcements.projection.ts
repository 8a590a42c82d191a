// announcements: the posts, who each is for, and the replicas that resolve an audience (people,
// programs, subjects, teacher assignments, enrollments: ADR 0019). On MikroORM (ADR 0018).
import { catalogReplica, enrollmentsReplica, peopleReplica } from '@academy/backend';
import { instant, type Projection, type ProjectionTx, withTables } from '@academy/event-store';
import { ANNOUNCEMENT_EVENTS, AnnouncementEditedV1, AnnouncementPostedV1, AnnouncementWithdrawnV1, type AnnouncementAudience, IDENTITY_EVENTS, UserDeletedV1, UserRegisteredV1 } from '@academy/contracts';
import { Announcement } from './announcement.entity.js';
import { announcementsOrm } from './announcements.orm.js';
import { AnnouncementsAssignment } from './assignment.entity.js';
import { AnnouncementDelivery } from './delivery.entity.js';
import { AnnouncementsEnrollment } from './enrollment.entity.js';
import { AnnouncementsPerson } from './person.entity.js';
import { AnnouncementsProgram } from './program.entity.js';
import { AnnouncementsSubject } from './subject.entity.js';

export const ANNOUNCEMENTS_PROJECTION = 'announcements';
/** Answers and command checks wait for this projection. */
export const ANNOUNCEMENTS_READ_MODEL = [ANNOUNCEMENTS_PROJECTION] as const;

const announcements = (tx: ProjectionTx) => tx.em.createQueryBuilder(Announcement);
const deliveries = (tx: ProjectionTx) => tx.em.createQueryBuilder(AnnouncementDelivery);
const people = peopleReplica(AnnouncementsPerson);
const catalog = catalogReplica({ programs: AnnouncementsProgram, subjects: AnnouncementsSubject, assignments: AnnouncementsAssignment }, { forgetDeleted: false });
const enrollmentsCopy = enrollmentsReplica(AnnouncementsEnrollment);

export const AUDIENCE_LABELS = { everyone: 'Everyone', staff: 'Staff' } as const;

/** The audience as a reader sees it, named as the replicas know it at this point of the log. */
async function audienceLabel(audience: AnnouncementAudience, tx: ProjectionTx): Promise<string> {
  switch (audience.kind) {
    case 'everyone':
    case 'staff':
      return AUDIENCE_LABELS[audience.kind];
    case 'program': {
      const program = await tx.em.createQueryBuilder(AnnouncementsProgram).select(['name']).where({ id: audience.programId }).execute<{ name: string } | undefined>('get');
      return program?.name ?? 'A program';
    }
    case 'subjects': {
      const subjects = await tx.em.createQueryBuilder(AnnouncementsSubject).select(['name']).where({ id: { $in: audience.subjectIds } }).orderBy({ name: 'asc' }).execute<{ name: string }[]>('all');
      return subjects.map((s) => s.name).join(', ') || 'Subjects';
    }
  }
}

export const announcementsProjection: Projection = {
  name: ANNOUNCEMENTS_PROJECTION,
  version: 1,
  orm: announcementsOrm,
  handlers: {
    ...people.handlers,
    ...catalog,
    ...enrollmentsCopy,
    ...withTables({ writes: [people.table, 'announcements', 'deliveries', 'enrollments', 'assignments'], reads: ['programs', 'subjects'] }, {
      // The shared handler would copy the address too; this replica keeps the role and name only.
      [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
        const d = UserRegisteredV1.parse(e);
        await tx.em
          .createQueryBuilder(AnnouncementsPerson)
          .insert({ id: d.userId, role: d.role, fullName: UserRegisteredV1.personal(e)?.fullName ?? null })
          .onConflict('id')
          .ignore()
          .execute();
      },
      [ANNOUNCEMENT_EVENTS.AnnouncementPosted]: async (e, tx) => {
        const d = AnnouncementPostedV1.parse(e);
        await announcements(tx)
          .insert({
            id: d.announcementId,
            authorId: d.authorId,
            authorRole: d.authorRole,
            audienceKind: d.audience.kind,
            audience: await audienceLabel(d.audience, tx),
            title: d.title,
            body: d.body,
            recipients: d.recipientIds.length,
            postedAt: instant(e.metadata.occurredAt),
          })
          .onConflict('id')
          .ignore()
          .execute();
        // Many rows in one statement; chunks keep a very large audience under the bind-parameter limit.
        for (let i = 0; i < d.recipientIds.length; i += 5000) {
          const rows = d.recipientIds.slice(i, i + 5000).map((userId) => ({ userId, announcementId: d.announcementId }));
          await deliveries(tx).insert(rows).onConflict(['userId', 'announcementId']).ignore().execute();
        }
      },
      [ANNOUNCEMENT_EVENTS.AnnouncementEdited]: async (e, tx) => {
        const d = AnnouncementEditedV1.parse(e);
        await announcements(tx).update({ title: d.title, body: d.body, editedAt: instant(e.metadata.occurredAt) }).where({ id: d.announcementId }).execute();
      },
      [ANNOUNCEMENT_EVENTS.AnnouncementWithdrawn]: async (e, tx) => {
        const d = AnnouncementWithdrawnV1.parse(e);
        await announcements(tx).update({ withdrawnAt: instant(e.metadata.occurredAt) }).where({ id: d.announcementId }).execute();
      },
      // The person goes, and what was addressed to them; their posts stay, without a name.
      [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
        await people.forget(e, tx);
        const { userId } = UserDeletedV1.parse(e);
        await deliveries(tx).delete().where({ userId }).execute();
        await tx.em.createQueryBuilder(AnnouncementsEnrollment).delete().where({ studentId: userId }).execute();
        await tx.em.createQueryBuilder(AnnouncementsAssignment).delete().where({ teacherId: userId }).execute();
      },
    }),
  },
};
