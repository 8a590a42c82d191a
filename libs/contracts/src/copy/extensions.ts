// Extensions and late policies (issue 30 §4): what the API answers and the dashboards show.

export const EXTENSION_MESSAGES = {
  granted: 'Extension granted',
  revoked: 'Extension revoked',
  reasonRequired: 'Reason is required',
  dueAtRequired: 'Enter the new due date and time',
  notLater: 'The new due date must be later than the item’s due date.',
  noDueDate: 'This item has no due date to extend.',
  notEnrolled: 'This student has no active enrollment in the item’s program.',
  noExtension: 'This student has no extension for this item.',
  /** 409 on submit (and resubmit) of an item closed after its due date, when the student has no later extension. */
  closedAfterDue: 'This item closed at its due date: late submissions are not accepted. Ask your teacher for an extension.',
  /** The student, before submitting after the due date of an item that accepts late work. */
  willBeLate: (due: string) => `The due date was ${due}. This submission will be marked late.`,
  closedNotice: (due: string) => `Closed: the due date was ${due} and late submissions are not accepted.`,
  extendedTo: (due: string) => `Extended to ${due}`,
  /** The student's bell and mail when a teacher grants (or replaces) their extension. */
  grantedNoticeTitle: 'Extension granted',
  grantedNotice: (what: string) => `${what}: you have more time. See the new due date in your lessons.`,
  grantedMailSubject: (title: string) => `More time for "${title}"`,
  grantedMail: (what: string, due: string) => `Your teacher extended your due date for ${what} to ${due}.`,
  latePolicyLabels: { accept: 'Accepted and flagged late', closed: 'Closed after the due date' },
} as const;
