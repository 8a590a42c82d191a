import { z } from 'zod';
import { text } from '../text.js';
import { ANNOUNCEMENT_LIMITS } from '../copy/announcements.js';

// The announcements API (ADR 0029). Who may post to what is checked on the server: a teacher to
// one or all of their subjects; an admin or student admin to everyone, a program or the staff.

const title = text({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(ANNOUNCEMENT_LIMITS.title, `Title must be at most ${ANNOUNCEMENT_LIMITS.title} characters`);
const body = text({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(ANNOUNCEMENT_LIMITS.body, `Message must be at most ${ANNOUNCEMENT_LIMITS.body} characters`);

/** What the form asks for: teachers choose one subject or all theirs; staff admins everyone, a program or the staff. */
export const announcementAudienceRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('subject'), subjectId: z.uuid({ error: 'Choose a subject' }) }),
    z.object({ kind: z.literal('my_subjects') }),
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('program'), programId: z.uuid({ error: 'Choose a program' }) }),
    z.object({ kind: z.literal('staff') }),
  ],
  { error: 'Choose who receives it' },
);
export type AnnouncementAudienceRequest = z.infer<typeof announcementAudienceRequestSchema>;

/** POST /api/announcements (teacher, admin, student_admin) → 201 { message: 'Announcement posted', announcement }. */
export const postAnnouncementRequestSchema = z.object({ title, body, audience: announcementAudienceRequestSchema });
export type PostAnnouncementRequest = z.infer<typeof postAnnouncementRequestSchema>;

/** PUT /api/announcements/:id (its author, or an admin) → 200 { message: 'Announcement updated', announcement }. */
export const editAnnouncementRequestSchema = z.object({ title, body });
export type EditAnnouncementRequest = z.infer<typeof editAnnouncementRequestSchema>;

export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** 'Everyone', 'Staff', a program's name or the subjects' names. */
  audience: z.string(),
  audienceKind: z.enum(['subjects', 'everyone', 'program', 'staff']),
  authorId: z.string(),
  /** null once the author is erased. */
  authorName: z.string().nullable(),
  postedAt: z.string(),
  editedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  recipients: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementResponseSchema = z.object({ message: z.string(), announcement: announcementSchema });
export type AnnouncementResponse = z.infer<typeof announcementResponseSchema>;
export const withdrawAnnouncementResponseSchema = z.object({ message: z.string(), announcement: announcementSchema });

/** GET /api/announcements/mine (any signed-in role): the live posts addressed to the caller, newest first (pinned on dashboards). */
export const myAnnouncementsResponseSchema = z.object({ announcements: z.array(announcementSchema) });
export type MyAnnouncementsResponse = z.infer<typeof myAnnouncementsResponseSchema>;

/** GET /api/announcements (teacher, admin, student_admin): the posts the caller may manage (an admin: all), withdrawn included. */
export const managedAnnouncementsResponseSchema = z.object({ announcements: z.array(announcementSchema) });
export type ManagedAnnouncementsResponse = z.infer<typeof managedAnnouncementsResponseSchema>;

/** GET /api/announcements/audiences: what the caller's form offers (a teacher's subjects; the programs for staff admins). */
export const announcementAudiencesResponseSchema = z.object({
  kinds: z.array(z.enum(['subject', 'my_subjects', 'everyone', 'program', 'staff'])),
  subjects: z.array(z.object({ id: z.string(), name: z.string(), programName: z.string() })),
  programs: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AnnouncementAudiences = z.infer<typeof announcementAudiencesResponseSchema>;
