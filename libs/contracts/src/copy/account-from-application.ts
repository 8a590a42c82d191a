// The texts of 'Convert to student' as a process (issue 14): the API answers them, the dashboard shows them.
export const CONVERSION_MESSAGES = {
  /** 409 to a status change while the account is being created (the worker has not answered yet). */
  conversionInProgress: 'This applicant is being converted to a student right now. Reload in a moment.',
  /** 410: the application's person is gone (erased), there is nothing to make an account from. */
  applicantDataErased: "This applicant's personal data has been erased.",
} as const;
