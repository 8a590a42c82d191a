// Convert to student as a process (issue 14, ADR 0015): what admissions and identity say to each
// other about one conversion. Neither context imports the other; both import these.
//
//   admissions API      ApplicantConversionRequested  (prospect-<id>; the person in the encrypted part)
//   identity reactor    AccountFromApplicationCreated | AccountFromApplicationRefused  (application-account-<requestId>)
//   admissions reactor  ApplicantConverted | ApplicantConversionFailed  (prospect-<id>)
//
// Each step is a checkpointed reactor whose appends have ids derived from the request, so a crash
// anywhere re-runs a step that then appends nothing twice: the process completes or compensates.
import { z } from 'zod';
import { type EventData, type EventPersonal, publishedEvent } from './published-event.js';

export const CONVERSION_EVENTS = {
  /** Admissions: staff asked to convert the applicant; the account is not created yet. */
  ApplicantConversionRequested: 'ApplicantConversionRequested',
  /** Admissions: the conversion did not happen (compensation); the applicant keeps the status it had. */
  ApplicantConversionFailed: 'ApplicantConversionFailed',
  /** Identity: the student account of the request exists (created in the same append). */
  AccountFromApplicationCreated: 'AccountFromApplicationCreated',
  /** Identity: no account was created for the request, and why. */
  AccountFromApplicationRefused: 'AccountFromApplicationRefused',
} as const;

export const applicantConversionRequestedSchema = z.object({
  prospectId: z.uuid(),
  /** One per convert request: identity derives the account's id and its event ids from it. */
  requestId: z.uuid(),
  previousStatus: z.enum(['pending', 'contacted']),
  byUserId: z.string(),
  at: z.string(),
});
export type ApplicantConversionRequestedData = z.infer<typeof applicantConversionRequestedSchema>;

/** The encrypted part (subject `prospect-<id>`): erasing the applicant erases it too. */
export const applicantConversionPersonalSchema = z.object({ fullName: z.string(), email: z.string(), phone: z.string() });
export type ApplicantConversionPersonal = z.infer<typeof applicantConversionPersonalSchema>;

/** `email_taken`: the address has a live account; `erased`: the applicant was erased before the account was made. */
export const conversionRefusalSchema = z.enum(['email_taken', 'erased']);
export type ConversionRefusal = z.infer<typeof conversionRefusalSchema>;

export const accountFromApplicationCreatedSchema = z.object({ requestId: z.uuid(), prospectId: z.uuid(), userId: z.uuid() });
export type AccountFromApplicationCreatedData = z.infer<typeof accountFromApplicationCreatedSchema>;

export const accountFromApplicationRefusedSchema = z.object({ requestId: z.uuid(), prospectId: z.uuid(), reason: conversionRefusalSchema });
export type AccountFromApplicationRefusedData = z.infer<typeof accountFromApplicationRefusedSchema>;

export const applicantConversionFailedSchema = z.object({ prospectId: z.uuid(), requestId: z.uuid(), reason: conversionRefusalSchema });
export type ApplicantConversionFailedData = z.infer<typeof applicantConversionFailedSchema>;

/** Identity's stream of one request's outcome: its first event settles the request for good. */
export const applicationAccountStream = (requestId: string) => `application-account-${requestId}`;

// Published (ADR 0017): each of these three crosses the context line.
/** Admissions → identity: make the account of this request. */
export const ApplicantConversionRequestedV1 = publishedEvent(CONVERSION_EVENTS.ApplicantConversionRequested, 1, applicantConversionRequestedSchema, { personal: applicantConversionPersonalSchema });
/** Identity → admissions: the account of the request exists. */
export const AccountFromApplicationCreatedV1 = publishedEvent(CONVERSION_EVENTS.AccountFromApplicationCreated, 1, accountFromApplicationCreatedSchema);
/** Identity → admissions: no account was made for the request, and why. */
export const AccountFromApplicationRefusedV1 = publishedEvent(CONVERSION_EVENTS.AccountFromApplicationRefused, 1, accountFromApplicationRefusedSchema);
export type ApplicantConversionRequestedEvent = EventData<typeof ApplicantConversionRequestedV1>;
export type ApplicantConversionRequestedPersonal = EventPersonal<typeof ApplicantConversionRequestedV1>;
