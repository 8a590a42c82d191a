import { z } from 'zod';
import { AccountFromApplicationCreatedV1, AccountFromApplicationRefusedV1, CONVERSION_EVENTS } from './account-from-application.js';
import { roleSchema } from '../http/identity.js';
import { type EventData, type EventPersonal, publishedEvent } from './published-event.js';

// The identity context's published events: what other contexts may consume (ADR 0017).

// ── integration events other contexts may consume ────────────────────────────────────────────────

/** Event types of the identity context (stream `user-<id>`), stable constants. */
export const IDENTITY_EVENTS = {
  UserRegistered: 'UserRegistered',
  EmailVerificationRequested: 'EmailVerificationRequested',
  EmailVerified: 'EmailVerified',
  PasswordChanged: 'PasswordChanged',
  ProfileCompleted: 'ProfileCompleted',
  RoleAssigned: 'RoleAssigned',
  /** Other contexts react to it: remove the person's enrollments, submissions, assignments. */
  UserDeleted: 'UserDeleted',
  /** An account made by staff: its personal part carries the invitation mail (email, name, temporary password, link). */
  AccountCredentialsIssued: 'AccountCredentialsIssued',
  /** Staff re-issued a temporary password (after a PasswordChanged with the new hash): the mail, like AccountCredentialsIssued's. */
  TemporaryPasswordIssued: 'TemporaryPasswordIssued',
  /** A student admin or admin edited a student's name, phone, address (personal part). */
  StudentContactUpdated: 'StudentContactUpdated',
  NotificationPreferencesChanged: 'NotificationPreferencesChanged',
  /** Identity's step of admissions' Convert to student (account-from-application.ts). */
  AccountFromApplicationCreated: CONVERSION_EVENTS.AccountFromApplicationCreated,
  AccountFromApplicationRefused: CONVERSION_EVENTS.AccountFromApplicationRefused,
} as const;
export type IdentityEventType = (typeof IDENTITY_EVENTS)[keyof typeof IDENTITY_EVENTS];

// ── published events other contexts consume (stream user-<id>) ───────────────────────────────────
// Personal fields arrive decrypted in `event.personal?.data` (absent once the person is erased): read
// them with `X.personal(event)`. Only the fields named here are part of the contract (a password hash
// in the same personal part is not).

const userId = z.string().min(1);

export const UserRegisteredV1 = publishedEvent(IDENTITY_EVENTS.UserRegistered, 1, z.object({ userId, role: roleSchema }), {
  personal: z.object({ email: z.string(), fullName: z.string() }),
});
export type UserRegisteredEventData = EventData<typeof UserRegisteredV1>;
export type UserRegisteredEventPersonal = EventPersonal<typeof UserRegisteredV1>;

export const RoleAssignedV1 = publishedEvent(IDENTITY_EVENTS.RoleAssigned, 1, z.object({ userId, role: roleSchema, previousRole: roleSchema }));
export type RoleAssignedEventData = EventData<typeof RoleAssignedV1>;

/** StudentContactUpdated and ProfileCompleted: the person's (new) full name in the personal part. */
const nameChanged = { data: z.object({ userId }), personal: z.object({ fullName: z.string().optional() }) };
export const ProfileCompletedV1 = publishedEvent(IDENTITY_EVENTS.ProfileCompleted, 1, nameChanged.data, { personal: nameChanged.personal });
export const StudentContactUpdatedV1 = publishedEvent(IDENTITY_EVENTS.StudentContactUpdated, 1, nameChanged.data, { personal: nameChanged.personal });
export type UserNameChangedEventData = EventData<typeof ProfileCompletedV1>;
export type UserNameChangedEventPersonal = EventPersonal<typeof ProfileCompletedV1>;

export const UserDeletedV1 = publishedEvent(
  IDENTITY_EVENTS.UserDeleted,
  1,
  z.object({
    userId,
    /**
     * The keyed HMAC of the person's address (EmailLookup in @academy/event-store, ADR 0014), so a
     * context can erase what it holds under that address too (admissions: applications). Not testable
     * without the master key. Absent on events from before it existed.
     */
    emailLookup: z.string().nullable().optional(),
  }),
);
export type UserDeletedEventData = EventData<typeof UserDeletedV1>;

/** NotificationPreferencesChanged: the whole new set (the notifications context honours it). */
export const NotificationPreferencesChangedV1 = publishedEvent(
  IDENTITY_EVENTS.NotificationPreferencesChanged,
  1,
  // Its own copy of the shape, not the HTTP schema's: the event's contract changes only with a new
  // version, save an optional key added (as UserDeleted's emailLookup), which changes nothing stored.
  z.object({
    userId,
    preferences: z.object({
      newApplications: z.boolean(),
      newSubmissions: z.boolean(),
      submissionGraded: z.boolean(),
      /**
       * ADR 0029. Absent on events from before it existed, which read as on (the default they had):
       * an additive key, so stored events and the tables built from them stay as they are.
       */
      announcements: z.boolean().optional(),
    }),
  }),
);
export type NotificationPreferencesChangedEventData = EventData<typeof NotificationPreferencesChangedV1>;

export const IDENTITY_PUBLISHED_EVENTS = [UserRegisteredV1, RoleAssignedV1, ProfileCompletedV1, StudentContactUpdatedV1, UserDeletedV1, NotificationPreferencesChangedV1, AccountFromApplicationCreatedV1, AccountFromApplicationRefusedV1] as const;
