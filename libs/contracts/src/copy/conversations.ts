// The conversation on a submission (issue 30 §3): what the API answers and the dashboards show.

export const CONVERSATION_MESSAGES = {
  sent: 'Reply sent',
  textRequired: 'Write a reply',
  tooLong: 'A reply must be at most 4000 characters',
  /** The teacher Submissions' marker of a submission whose last reply is the student's. */
  unanswered: 'Unanswered reply',
  noReplies: 'No replies yet.',
  repliedNoticeTitle: 'New reply',
  /** 'Ada Student replied on Task "Forms"' */
  repliedNotice: (who: string, what: string) => `${who} replied on ${what}`,
  repliedMailSubject: (title: string) => `New reply on "${title}"`,
} as const;
