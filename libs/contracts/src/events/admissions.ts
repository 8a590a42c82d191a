import { z } from 'zod';
import { ApplicantConversionRequestedV1, CONVERSION_EVENTS } from './account-from-application.js';
import { COURSE_OPTIONS, type ProspectStatus } from '../http/admissions.js';
import { type EventData, type EventPersonal, publishedEvent } from './published-event.js';

// The admissions context's published events: what other contexts may consume (ADR 0017).

// ── integration events (stream prospect-<id>) ────────────────────────────────────────────────────
// Personal fields live in the event's encrypted `personal` part under the data subject
// `prospect-<id>` (ADR 0003); consumers read them from `event.personal?.data` (absent once erased).

export const ADMISSIONS_EVENTS = {
  ApplicationSubmitted: 'ApplicationSubmitted',
  QuickContactReceived: 'QuickContactReceived',
  ApplicantContacted: 'ApplicantContacted',
  ApplicantConverted: 'ApplicantConverted',
  ApplicantDeclined: 'ApplicantDeclined',
  /** The applicant's personal data was erased (their key destroyed): staff request or their account's deletion. */
  ApplicantErased: 'ApplicantErased',
  /** Convert to student as a process (account-from-application.ts): admissions' two steps. */
  ApplicantConversionRequested: CONVERSION_EVENTS.ApplicantConversionRequested,
  ApplicantConversionFailed: CONVERSION_EVENTS.ApplicantConversionFailed,
} as const;
export type AdmissionsEventType = (typeof ADMISSIONS_EVENTS)[keyof typeof ADMISSIONS_EVENTS];

export const prospectStream = (prospectId: string) => `prospect-${prospectId}`;
export const prospectSubject = (prospectId: string) => `prospect-${prospectId}`;

const id = z.string().min(1);

// Published because the notifications context runs admissions' in-app templates on them (a notice to
// the staff, and the erasure of what notices said about the applicant).
export const ApplicationSubmittedV1 = publishedEvent(
  ADMISSIONS_EVENTS.ApplicationSubmitted,
  1,
  z.object({
    prospectId: id,
    /** Not personal: the course chosen (one of COURSE_OPTIONS). */
    course: z.enum(COURSE_OPTIONS),
    /** The keyed HMAC of the address (EmailLookup, ADR 0014), never the address or a plain hash of it. */
    emailLookup: z.string().optional(),
  }),
  { personal: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), message: z.string() }) },
);
export type ApplicationSubmittedData = EventData<typeof ApplicationSubmittedV1>;
export type ApplicationSubmittedPersonal = EventPersonal<typeof ApplicationSubmittedV1>;
export const QuickContactReceivedV1 = publishedEvent(
  ADMISSIONS_EVENTS.QuickContactReceived,
  1,
  z.object({
    prospectId: id,
    /** As ApplicationSubmittedData.emailLookup. */
    emailLookup: z.string().optional(),
  }),
  { personal: z.object({ name: z.string(), email: z.string(), message: z.string() }) },
);
export type QuickContactReceivedData = EventData<typeof QuickContactReceivedV1>;
export type QuickContactReceivedPersonal = EventPersonal<typeof QuickContactReceivedV1>;
/** ApplicantContacted / ApplicantDeclined: who and when are the event's metadata (actorId, occurredAt), repeated here for consumers. */
export interface ApplicantStatusChangedData {
  prospectId: string;
  previousStatus: ProspectStatus;
  byUserId: string;
  at: string;
}
/** Why an applicant was erased: a staff member's action on request, or the deletion of the account with their address. */
export const ERASURE_REASONS = ['request', 'account_deleted'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];
export const ApplicantErasedV1 = publishedEvent(
  ADMISSIONS_EVENTS.ApplicantErased,
  1,
  z.object({
    prospectId: id,
    /** The staff member who erased them; null when it followed an account's deletion (the system). */
    byUserId: id.nullable(),
    at: z.string(),
    reason: z.enum(ERASURE_REASONS),
  }),
);
export type ApplicantErasedData = EventData<typeof ApplicantErasedV1>;
export interface ApplicantConvertedData extends ApplicantStatusChangedData {
  /** The student account created from the application (identity's user id). */
  studentId: string;
}

export const ADMISSIONS_PUBLISHED_EVENTS = [ApplicationSubmittedV1, QuickContactReceivedV1, ApplicantErasedV1, ApplicantConversionRequestedV1] as const;
