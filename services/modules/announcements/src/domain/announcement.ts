// The announcement aggregate (stream `announcement-<id>`): one post, its text, and whether it was
// withdrawn. Plain TS. Who may post to what is decided here from facts the handler reads (the
// caller's role and assigned subjects, the recipients of the audience): a teacher only to their own
// subjects, an admin or student admin to everyone, a program or the staff; a student never.
// Edit and withdraw: the author, or an admin.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import {
  ANNOUNCEMENT_EVENTS,
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementAudience,
  type AnnouncementEditedData,
  type AnnouncementPostedData,
  type AnnouncementWithdrawnData,
  type Role,
} from '@academy/contracts';

export const announcementStream = (announcementId: string) => `announcement-${announcementId}`;

export type AnnouncementEvent =
  | { type: typeof ANNOUNCEMENT_EVENTS.AnnouncementPosted; data: AnnouncementPostedData }
  | { type: typeof ANNOUNCEMENT_EVENTS.AnnouncementEdited; data: AnnouncementEditedData }
  | { type: typeof ANNOUNCEMENT_EVENTS.AnnouncementWithdrawn; data: AnnouncementWithdrawnData };

export interface AnnouncementState {
  exists: boolean;
  announcementId: string | null;
  authorId: string | null;
  title: string;
  body: string;
  withdrawn: boolean;
}

export const initialAnnouncementState = (): AnnouncementState => ({ exists: false, announcementId: null, authorId: null, title: '', body: '', withdrawn: false });

export function evolveAnnouncement(state: AnnouncementState, event: LoadedEventOf<AnnouncementEvent>): AnnouncementState {
  switch (event.type) {
    case ANNOUNCEMENT_EVENTS.AnnouncementPosted: {
      const d = event.data;
      return { exists: true, announcementId: d.announcementId, authorId: d.authorId, title: d.title, body: d.body, withdrawn: false };
    }
    case ANNOUNCEMENT_EVENTS.AnnouncementEdited:
      return { ...state, title: event.data.title, body: event.data.body };
    case ANNOUNCEMENT_EVENTS.AnnouncementWithdrawn:
      return { ...state, withdrawn: true };
    default:
      return state;
  }
}

export interface Actor {
  userId: string;
  role: Role;
}

export type AnnouncementCommand =
  | {
      type: 'PostAnnouncement';
      announcementId: string;
      actor: Actor;
      audience: AnnouncementAudience;
      /** A teacher's assigned subjects as the read model knows them (empty for other roles). */
      teacherSubjectIds: readonly string[];
      /** The audience's live users, resolved by the handler. */
      recipientIds: readonly string[];
      title: string;
      body: string;
    }
  | { type: 'EditAnnouncement'; actor: Actor; title: string; body: string }
  | { type: 'WithdrawAnnouncement'; actor: Actor };

const forbidden = (message: string) => new DomainError('forbidden', message);

/** Whether `actor` may address `audience`: the authorization rule of posting. */
export function mayAddress(actor: Actor, audience: AnnouncementAudience, teacherSubjectIds: readonly string[]): void {
  if (actor.role === 'teacher') {
    if (audience.kind !== 'subjects') throw forbidden(ANNOUNCEMENT_MESSAGES.audienceNotAllowed);
    const mine = new Set(teacherSubjectIds);
    if (!audience.subjectIds.every((s) => mine.has(s))) throw forbidden(ANNOUNCEMENT_MESSAGES.notYourSubject);
    return;
  }
  if (actor.role === 'admin' || actor.role === 'student_admin') {
    if (audience.kind === 'subjects') throw forbidden(ANNOUNCEMENT_MESSAGES.audienceNotAllowed);
    return;
  }
  throw forbidden(ANNOUNCEMENT_MESSAGES.audienceNotAllowed);
}

function mayChange(actor: Actor, state: AnnouncementState): void {
  if (actor.role !== 'admin' && actor.userId !== state.authorId) throw forbidden(ANNOUNCEMENT_MESSAGES.notAuthor);
}

export function decideAnnouncement(command: AnnouncementCommand, state: AnnouncementState): AnnouncementEvent[] {
  if (command.type === 'PostAnnouncement') {
    // A retried post (same id) finds its own stream: nothing more to append.
    if (state.exists) return [];
    mayAddress(command.actor, command.audience, command.teacherSubjectIds);
    const recipientIds = [...new Set(command.recipientIds)].filter((id) => id !== command.actor.userId).sort();
    return [
      {
        type: ANNOUNCEMENT_EVENTS.AnnouncementPosted,
        data: {
          announcementId: command.announcementId,
          authorId: command.actor.userId,
          authorRole: command.actor.role,
          audience: command.audience,
          recipientIds,
          title: command.title,
          body: command.body,
        },
      },
    ];
  }
  if (!state.exists) throw new DomainError('not_found', ANNOUNCEMENT_MESSAGES.notFound);
  mayChange(command.actor, state);
  const announcementId = state.announcementId!;
  switch (command.type) {
    case 'EditAnnouncement':
      if (state.withdrawn) throw new DomainError('conflict', ANNOUNCEMENT_MESSAGES.alreadyWithdrawn);
      if (command.title === state.title && command.body === state.body) return [];
      return [{ type: ANNOUNCEMENT_EVENTS.AnnouncementEdited, data: { announcementId, title: command.title, body: command.body } }];
    case 'WithdrawAnnouncement':
      if (state.withdrawn) return [];
      return [{ type: ANNOUNCEMENT_EVENTS.AnnouncementWithdrawn, data: { announcementId } }];
  }
}

export const announcementDecider: Decider<AnnouncementCommand, AnnouncementEvent, AnnouncementState> = {
  initialState: initialAnnouncementState,
  evolve: evolveAnnouncement,
  decide: decideAnnouncement,
};
