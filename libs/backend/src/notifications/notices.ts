// What a bounded context needs to tell people about its events (ARCHITECTURE.md §7) without knowing
// who the users are: the notifications context keeps that directory (from identity's integration
// events) and the per-user inbox; contexts only export templates of these shapes.
import type { StoredEvent } from '@academy/event-store';
import type { NotificationPreferences, Role } from '@academy/contracts';

/** A live (not deleted) user who can be told something. */
export interface Recipient {
  userId: string;
  email: string;
  fullName: string | null;
  role: Role;
  /** Mail preferences (defaults filled in): templates skip mail to someone who opted out. */
  preferences: NotificationPreferences;
}

export interface RecipientDirectory {
  /** Every live user with one of these roles, oldest account first (a stable order). */
  byRoles(roles: readonly Role[]): Promise<Recipient[]>;
  byId(userId: string): Promise<Recipient | null>;
}

/** One line in a user's in-app inbox (the header bell). No personal data of third parties beyond a name. */
export interface InAppNotice {
  userId: string;
  title: string;
  body: string;
  /** An app path such as /dashboard/student-admin/prospective. */
  link?: string;
  /**
   * The person the body names (their data subject: a user id, `prospect-<id>`) and the body as it
   * reads once they are erased. When that subject is erased (SubjectErasures) the notice is rewritten
   * to `erasedBody` and forgets whom it was about, which is exactly what a replay after the erasure
   * writes: the template then gets no name and returns `erasedBody` as the body.
   */
  about?: { subjectId: string; erasedBody: string };
}

/**
 * Turns one event into inbox lines. Called by the notifications projection in log order, inside its
 * transaction, with the directory as of that point of the log: a replay writes the same inbox.
 * Erased events (personal data gone) are passed with `personal` null: write nothing personal then.
 */
export type InAppTemplate = (event: StoredEvent, ctx: { directory: RecipientDirectory }) => InAppNotice[] | Promise<InAppNotice[]>;

/** Event type → in-app template. Each context exports its own; the worker merges them (services/worker/src/registry.ts). */
export type InAppTemplates = Record<string, InAppTemplate>;

/**
 * Event type → the data subjects that event erases (e.g. admissions' ApplicantErased → `prospect-<id>`):
 * the notifications projection then rewrites every notice `about` them. Identity's UserDeleted is
 * handled by the notifications context itself. Each context exports its own; the worker merges them.
 */
export type SubjectErasures = Record<string, (event: StoredEvent) => string[]>;
