import type { ProspectStatus } from '../http/admissions.js';

// The admissions context's UI copy: messages and labels the frontends show and the API sends (spec §8).

/** spec §5: the phone field's placeholder. */
export const PHONE_PLACEHOLDER = '+27 XX XXX XXXX';

export const ADMISSIONS_MESSAGES = {
  /** spec §8, application: toast title + description. */
  applicationSubmittedTitle: 'Application submitted!',
  applicationSubmittedDescription: 'Our admissions team will contact you soon.',
  applicationFailedTitle: 'Error',
  applicationFailedDescription: 'Failed to submit application. Please try again.',
  /** spec §8, quick contact. */
  quickContactSentTitle: 'Message sent!',
  quickContactSentDescription: "We'll get back to you soon.",
  quickContactFailedTitle: 'Error',
  quickContactFailedDescription: 'Failed to send message. Please try again.',
  /** 429 on either public form (per-IP limit). */
  rateLimited: 'Too many messages from your network. Please wait a few minutes and try again.',
  /** Busy labels of the two submit buttons (spec §4). */
  sending: 'Sending...',
  submitting: 'Submitting...',
  // ── staff pipeline ──
  markedContacted: 'Applicant marked as contacted',
  declined: 'Application declined',
  /** Convert answers the spec's create-user toast (USER_ADMIN_MESSAGES.accountCreated('student')). */
  converted: 'Student account created successfully! Credentials sent via email.',
  /** 202: the request is stored, the worker has not made the account within the wait; it still will (or undo it). */
  conversionPending: 'The student account is being created. The applicant will get their credentials by email shortly.',
  prospectNotFound: 'Application not found',
  alreadyContacted: 'This applicant is already marked as contacted.',
  alreadyConverted: 'This applicant has already been converted to a student.',
  alreadyDeclined: 'This application was declined.',
  onlyApplicationsConvert: 'Only applications can be converted to a student; a quick-contact message cannot.',
  emailHasAccount: 'An account with this email already exists, so this applicant cannot be converted. Nothing was changed.',
  changedMeanwhile: 'This application was changed by someone else meanwhile. Reload and try again.',
  /** Erase applicant (right to erasure, POPIA/GDPR): the person's data is destroyed, the row leaves the list. */
  erased: 'Applicant erased',
  alreadyErased: 'This applicant has been erased.',
  noProspects: 'No applications yet',
  noMatches: 'No applications match these filters',
} as const;
export const PROSPECT_STATUS_LABELS: Record<ProspectStatus, string> = { pending: 'Pending', contacted: 'Contacted', converted: 'Converted', declined: 'Declined' };
