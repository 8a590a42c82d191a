// Public surface of the grading context: the Nest module and the projections the worker runs.
import type { Projection } from '@academy/event-store';
import { gradingProjection } from './projections/grading/grading.projection.js';

export { GradingModule } from './grading.module.js';
export const gradingProjections: Projection[] = [gradingProjection];
export { gradingInAppTemplates, gradingMailTemplates } from './notifications/grading.templates.js';
/** The commands the composition root may send itself (the commands benchmark sends GradeSubmission and SubmitWork as the controllers do). */
export { GradeSubmission } from './commands/grade-submission/grade-submission.command.js';
export { SubmitWork } from './commands/submit-work/submit-work.command.js';
export { gradingEntities, gradingOrm } from './projections/grading/grading.orm.js';
/** Time travel (issue 16): the audit context folds a gradebook's past with this context's evolve (composed by the apps). */
export { gradebookAsOf } from './domain/as-of.js';
/** Pinning a submission to a commit (ADR 0039): the git hosts' client, and the retry job the worker runs. */
export { SubmissionGitHosts } from './pinning/submission-git.js';
export { GIT_QUEUE, MalformedPinJob, PIN_BACKOFF, pinBackoff, PinHostAway, pinRoutes, runPinJob, type PinJob, type PinOutcome } from './pinning/pin-commit.job.js';
