import { defineEntity, p } from '@mikro-orm/core';

/** `deliveries`: who an announcement is for (its event's recipients): the pinned list of each dashboard. */
export const AnnouncementDelivery = defineEntity({
  name: 'AnnouncementDelivery',
  tableName: 'deliveries',
  properties: {
    userId: p.uuid().primary(),
    announcementId: p.uuid().primary(),
  },
});
