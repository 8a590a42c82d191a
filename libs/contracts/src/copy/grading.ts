import type { GradeStatus, WorkKind } from '../http/grading.js';

// The grading context's UI copy: messages and labels the frontends show and the API sends (spec §8).

/** Labels of spec §2 My Grades. */
export const GRADE_STATUS_LABELS: Record<GradeStatus, string> = {
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Failed',
  needs_revision: 'Needs Revision',
};
export const WORK_KIND_LABELS: Record<WorkKind, string> = { task: 'Task', capstone: 'Capstone' };

export const GRADING_MESSAGES = {
  submitted: 'Submission successful!',
  gradeSubmitted: 'Grade submitted successfully',
  githubUrl: 'Enter a GitHub repository address like https://github.com/owner/repo',
  githubUrlRequired: 'GitHub Repository URL is required',
  /** A repository the host says is missing or private (404/401/403 on ref discovery): nothing is stored. */
  repositoryUnreadable: 'We could not read this repository. Is it public and spelled right?',
  repositoryEmpty: 'This repository has no commit on its default branch yet. Push your work, then submit.',
  /** An address on a host outside SUBMISSION_GIT_HOSTS. */
  repositoryHost: (hosts: readonly string[]) =>
    hosts.length === 1 && hosts[0] === 'github.com' ? 'Enter a GitHub repository address like https://github.com/owner/repo' : `Enter a repository address on ${hosts.join(', ') || 'an allowed git host'}, like https://${hosts[0] ?? 'github.com'}/owner/repo`,
  commitPending: 'Commit not pinned yet',
  commitFailed: 'Commit could not be pinned',
  itemNotFound: 'This task or capstone does not exist.',
  notPublished: 'This week is not published yet.',
  notEnrolled: 'You have no active enrollment in the program of this subject.',
  alreadySubmitted: 'You have already submitted this item.',
  submissionNotFound: 'Submission not found',
  notYourSubject: 'You are not assigned to this subject.',
  notLatestAttempt: 'A newer attempt exists: grade the latest attempt.',
  gradeChangedMeanwhile: 'Another teacher graded this submission meanwhile. Reload to see their grade, then try again.',
  capstoneNotice: 'Passing this capstone will unlock the next week for the student',
  noFeedback: 'No feedback yet',
  noSubmissions: 'No submissions yet. Complete weekly tasks to see your grades here.',
  pendingTab: (n: number) => `Pending Review (${n})`,
  gradedTab: (n: number) => `Graded (${n})`,
  score: (score: number) => `Score: ${score}/100`,
  gradedMailSubject: (title: string) => `Your submission "${title}" was graded`,
  gradedNoticeTitle: 'Submission graded',
  submittedNoticeTitle: 'New submission',
  submittedMailSubject: (title: string) => `New submission: ${title}`,
} as const;
