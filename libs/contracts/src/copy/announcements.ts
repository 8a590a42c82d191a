// The announcements context's UI copy: messages the frontends show and the API sends.
export const ANNOUNCEMENT_LIMITS = { title: 120, body: 5000 } as const;

export const ANNOUNCEMENT_MESSAGES = {
  posted: 'Announcement posted',
  edited: 'Announcement updated',
  withdrawn: 'Announcement withdrawn',
  notFound: 'Announcement not found',
  notYourSubject: 'You can only post to the students of your subjects',
  noSubjects: 'You are not assigned to any subject',
  audienceNotAllowed: 'You cannot post to this audience',
  programNotFound: 'Program not found',
  notAuthor: 'Only the author or an admin can change this announcement',
  alreadyWithdrawn: 'This announcement was withdrawn',
  empty: 'No announcements yet',
  noticeTitle: (title: string) => `Announcement: ${title}`,
  mailSubject: (title: string) => `Announcement: ${title}`,
} as const;

export const ANNOUNCEMENT_AUDIENCE_LABELS = {
  subjects: 'Students of subjects',
  my_subjects: 'All my subjects',
  subject: 'One subject',
  everyone: 'Everyone',
  program: 'A program',
  staff: 'Staff',
} as const;
