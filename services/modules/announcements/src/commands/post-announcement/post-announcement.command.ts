import { CallerCommand } from '@academy/backend';
import type { PostAnnouncementRequest } from '@academy/contracts';
import type { AnnouncementWritten } from '../announcement-written.js';

/** Announcements page, 'Post': a new post to an audience the caller may address. */
export class PostAnnouncement extends CallerCommand<PostAnnouncementRequest, AnnouncementWritten> {}
