import { defineEntity, p } from '@mikro-orm/core';

/**
 * `announcements`: each post as its author and an admin manage it. `audience` is the label as it read
 * when posted ('Everyone', a program's name, the subjects' names); `withdrawnAt` set: gone from dashboards.
 */
export const Announcement = defineEntity({
  name: 'Announcement',
  tableName: 'announcements',
  properties: {
    id: p.uuid().primary(),
    authorId: p.uuid(),
    authorRole: p.text(),
    audienceKind: p.text(),
    audience: p.text(),
    title: p.text(),
    body: p.text(),
    recipients: p.integer(),
    postedAt: p.datetime(),
    editedAt: p.datetime().nullable(),
    withdrawnAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'announcements_author_idx', properties: ['authorId', 'postedAt'] }],
});
