// The enrollment context's UI copy: messages and labels the frontends show and the API sends (spec §8).
export const ENROLLMENT_MESSAGES = {
  studentEnrolled: 'Student enrolled successfully',
  statusUpdated: 'Enrollment status updated',
  enrollmentNotFound: 'Enrollment not found',
  alreadyEnrolled: 'This student already has an enrollment in this program that is not completed or dropped.',
  notAStudent: 'Choose a student',
  subjectNotInProgram: 'This subject is not part of the chosen program',
  changedMeanwhile: 'This enrollment was changed by someone else meanwhile. Reload and try again.',
  noActiveEnrollment: 'No Active Enrollment',
  noActiveEnrollmentHelp: 'You are not enrolled in an active program yet. Please contact an administrator to get enrolled.',
  importHasProblems: 'The file has problems: nothing was enrolled.',
  imported: (n: number) => `${n} student${n === 1 ? '' : 's'} enrolled successfully`,
} as const;

// Certificates of completion (issue 19 §3, ADR 0030).
export const CERTIFICATE_MESSAGES = {
  certificateNotFound: 'Certificate not found',
  revoked: 'Certificate revoked',
  alreadyRevoked: 'This certificate has already been revoked.',
  reasonRequired: 'A reason is required',
  reasonTooLong: 'The reason must be at most 500 characters',
  rateLimited: 'Too many lookups. Please wait a few minutes and try again.',
  valid: 'Valid certificate',
  revokedStatus: 'This certificate has been revoked',
  nameErased: "The holder's personal data has been erased.",
  myCertificates: 'Certificates',
  noCertificates: 'No certificates yet. A certificate is issued when your enrollment is completed.',
  download: 'Download PDF',
  revoke: 'Revoke certificate',
} as const;
