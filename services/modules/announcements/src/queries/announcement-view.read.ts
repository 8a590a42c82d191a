// How a post reads on every screen (the Announcement contract), from the announcements read schema.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import type { Announcement as AnnouncementView } from '@academy/contracts';
import { Announcement } from '../projections/announcements/announcement.entity.js';
import { AnnouncementDelivery } from '../projections/announcements/delivery.entity.js';
import { AnnouncementsPerson } from '../projections/announcements/person.entity.js';
import { ANNOUNCEMENTS_PROJECTION } from '../projections/announcements/announcements.projection.js';

type Row = InstanceType<typeof Announcement.class>;

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** Rows → views, with the authors' names (one read for all of them; null once erased). */
async function views(read: EntityManager, rows: Row[]): Promise<AnnouncementView[]> {
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const people = authorIds.length ? await read.find(AnnouncementsPerson, { id: { $in: authorIds } }, { disableIdentityMap: true, fields: ['id', 'fullName'] }) : [];
  const names = new Map(people.map((p) => [p.id, p.fullName ?? null]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    audience: r.audience,
    audienceKind: r.audienceKind as AnnouncementView['audienceKind'],
    authorId: r.authorId,
    authorName: names.get(r.authorId) ?? null,
    postedAt: iso(r.postedAt)!,
    editedAt: iso(r.editedAt),
    withdrawnAt: iso(r.withdrawnAt),
    recipients: r.recipients,
  }));
}

/** One post (null: unknown id, or no schema yet). */
export async function readAnnouncement(em: EntityManager, id: string): Promise<AnnouncementView | null> {
  if (!isUuid(id)) return null;
  const read = readModelEm(em, ANNOUNCEMENTS_PROJECTION);
  const row = await orNone(read.findOne(Announcement, { id }, { disableIdentityMap: true }), null);
  return row ? (await views(read, [row]))[0]! : null;
}

/** The live posts addressed to `userId`, newest first: what their dashboard pins. */
export async function readMyAnnouncements(em: EntityManager, userId: string, limit = 20): Promise<AnnouncementView[]> {
  const read = readModelEm(em, ANNOUNCEMENTS_PROJECTION);
  const rows = await orNone(
    read
      .createQueryBuilder(Announcement, 'a')
      .select('a.*')
      .join(read.createQueryBuilder(AnnouncementDelivery).where({ userId }), 'd', { 'd.announcement_id': sql.ref('a.id') })
      .where({ withdrawnAt: null })
      .orderBy({ postedAt: 'desc', id: 'desc' })
      .limit(limit)
      .getResultList(),
    [] as Row[],
  );
  return views(read, rows);
}

/** The posts a user manages (their own; `all` for an admin), withdrawn included, newest first. */
export async function readManagedAnnouncements(em: EntityManager, authorId: string | null, limit = 100): Promise<AnnouncementView[]> {
  const read = readModelEm(em, ANNOUNCEMENTS_PROJECTION);
  const rows = await orNone(read.find(Announcement, authorId === null ? {} : { authorId }, { disableIdentityMap: true, orderBy: { postedAt: 'desc', id: 'desc' }, limit }), [] as Row[]);
  return views(read, rows);
}
