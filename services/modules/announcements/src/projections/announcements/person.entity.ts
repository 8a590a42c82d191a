import { defineEntity, p } from '@mikro-orm/core';

/**
 * `people`: who is a live user of which role (whom "everyone" and "staff" reach) and the author's name on
 * a post, from identity's published events via libs/backend's `peopleReplica` (ADR 0019). No email:
 * mail goes through the notifications directory, so this copy keeps only what it needs (POPIA).
 */
export const AnnouncementsPerson = defineEntity({
  name: 'AnnouncementsPerson',
  tableName: 'people',
  properties: {
    id: p.uuid().primary(),
    role: p.text(),
    fullName: p.text().nullable(),
  },
  indexes: [{ name: 'people_role_idx', properties: ['role'] }],
});
