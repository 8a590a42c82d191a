import { z } from 'zod';
import { type EventData, publishedEvent } from './published-event.js';

// The announcements context's published events (ADR 0017, ADR 0029), stream announcement-<id>.
// The text is the academy's message to a group, not a person's data: it is stored in the clear, and
// the recipients are the user ids resolved when the post was made (a replay tells the same people).

export const ANNOUNCEMENT_EVENTS = {
  AnnouncementPosted: 'AnnouncementPosted',
  AnnouncementEdited: 'AnnouncementEdited',
  AnnouncementWithdrawn: 'AnnouncementWithdrawn',
} as const;

const id = z.string().min(1);

/** Whom a post is for, as decided: a teacher's subjects, or (admin, student admin) everyone, a program, or the staff. */
export const announcementAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subjects'), subjectIds: z.array(id).min(1) }),
  z.object({ kind: z.literal('everyone') }),
  z.object({ kind: z.literal('program'), programId: id }),
  z.object({ kind: z.literal('staff') }),
]);
export type AnnouncementAudience = z.infer<typeof announcementAudienceSchema>;

export const AnnouncementPostedV1 = publishedEvent(
  ANNOUNCEMENT_EVENTS.AnnouncementPosted,
  1,
  z.object({
    announcementId: id,
    authorId: id,
    authorRole: z.string(),
    audience: announcementAudienceSchema,
    /** Who is told: resolved from the audience at posting (live users only, never the author). */
    recipientIds: z.array(id),
    title: z.string(),
    body: z.string(),
  }),
);
export type AnnouncementPostedData = EventData<typeof AnnouncementPostedV1>;

export const AnnouncementEditedV1 = publishedEvent(ANNOUNCEMENT_EVENTS.AnnouncementEdited, 1, z.object({ announcementId: id, title: z.string(), body: z.string() }));
export type AnnouncementEditedData = EventData<typeof AnnouncementEditedV1>;

export const AnnouncementWithdrawnV1 = publishedEvent(ANNOUNCEMENT_EVENTS.AnnouncementWithdrawn, 1, z.object({ announcementId: id }));
export type AnnouncementWithdrawnData = EventData<typeof AnnouncementWithdrawnV1>;

export const ANNOUNCEMENTS_PUBLISHED_EVENTS = [AnnouncementPostedV1, AnnouncementEditedV1, AnnouncementWithdrawnV1] as const;
