import { z } from 'zod';
import { GRADE_STATUSES, WORK_KINDS } from '../http/grading.js';
import { type EventData, type EventPersonal, publishedEvent } from './published-event.js';

// The grading context's published events: what other contexts may consume (ADR 0017).

// ── integration events (stream work-<studentId>-<itemId>) ────────────────────────────────────────

export const GRADING_EVENTS = {
  /** A student submitted (an attempt at) a task or a capstone. */
  WorkSubmitted: 'WorkSubmitted',
  SubmissionGraded: 'SubmissionGraded',
  /** The capstone's grade became passed for the FIRST time for this student (at most once per stream). */
  CapstonePassed: 'CapstonePassed',
  /** A submission whose host could not be reached at submit time got its commit later (the retry job). */
  SubmissionCommitPinned: 'SubmissionCommitPinned',
  /** The retry job gave up on pinning a submission's commit (a day without an answer from the host). */
  SubmissionPinFailed: 'SubmissionPinFailed',
  /** A teacher gave one student a later due date for one item, or replaced it (issue 30 §4). */
  ExtensionGranted: 'ExtensionGranted',
  ExtensionRevoked: 'ExtensionRevoked',
  /** The student or a teacher of the subject replied under a submission's feedback (issue 30 §3). */
  SubmissionReplied: 'SubmissionReplied',
  /** A teacher of the subject saved an item's rubric: a new version each time (issue 30 §2, ADR 0044). */
  RubricSet: 'RubricSet',
  /** An admin kept a rubric template (copied into items as their own rubric). */
  RubricTemplateCreated: 'RubricTemplateCreated',
} as const;
export type GradingEventType = (typeof GRADING_EVENTS)[keyof typeof GRADING_EVENTS];

const id = z.string().min(1);
/** Which attempt of which item: what a submission's and a grade's events both name first. */
const work = { submissionId: id, studentId: id, kind: z.enum(WORK_KINDS), itemId: id, weekId: id, subjectId: id };

/** A commit as read from the host: the full SHA (40 hex digits, 64 in a SHA-256 repository) and when it was read. */
const commit = z.object({ sha: z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/), readAt: z.string() });

/** A student submitted (an attempt at) a task or a capstone (ADR 0017: published, see there why). */
export const WorkSubmittedV1 = publishedEvent(
  GRADING_EVENTS.WorkSubmitted,
  1,
  z.object({
    ...work,
    programId: id,
    githubUrl: z.string(),
    attempt: z.number().int().min(1),
    late: z.boolean(),
    /** The due date the attempt was judged against: the student's extension when `extended`. */
    dueAt: z.string().nullable(),
    /** `dueAt` is the student's extension, not the item's due date (issue 30 §4). Absent before extensions. */
    extended: z.boolean().optional(),
    /** The task's or capstone's title when submitted (for the teachers' notification). */
    title: z.string().optional(),
    /** The teachers assigned to the subject when submitted: they are told of it (newSubmissions). */
    teacherIds: z.array(id).optional(),
    /**
     * The commit the repository's default branch pointed to, read at submission (ADR 0039): its full
     * SHA and when the host answered. null: the host could not be reached, the pin is pending (a
     * SubmissionCommitPinned or SubmissionPinFailed follows). Absent on events from before pinning.
     */
    commit: commit.nullable().optional(),
  }),
  /** Free text of the student: in the encrypted personal part (subject: the student). */
  { personal: z.object({ notes: z.string() }) },
);
export type WorkSubmittedData = EventData<typeof WorkSubmittedV1>;
export type WorkSubmittedPersonal = EventPersonal<typeof WorkSubmittedV1>;

const gradeValue = { score: z.number().nullable(), status: z.enum(GRADE_STATUSES) };
export const SubmissionGradedV1 = publishedEvent(
  GRADING_EVENTS.SubmissionGraded,
  1,
  z.object({
    ...work,
    teacherId: id,
    attempt: z.number().int().min(1),
    ...gradeValue,
    previous: z.object(gradeValue).nullable(),
    /** The task's or capstone's title when graded (for the student's notification). */
    title: z.string().optional(),
    /**
     * Graded with a rubric (issue 30 §2, ADR 0044): the version used and, per criterion, the level chosen
     * and its points of the best; `score` was computed from them. Absent on grades without a rubric.
     */
    rubric: z
      .object({
        version: z.number().int().min(1),
        criteria: z.array(z.object({ criterionId: z.string(), title: z.string(), level: z.number().int(), label: z.string(), points: z.number(), maxPoints: z.number() })),
      })
      .optional(),
  }),
  /** Feedback (and the per-criterion comments) about the student: in the encrypted personal part (subject: the student). */
  { personal: z.object({ feedback: z.string(), previousFeedback: z.string().nullable().optional(), criterionComments: z.record(z.string(), z.string()).optional() }) },
);
export type SubmissionGradedData = EventData<typeof SubmissionGradedV1>;
export type SubmissionGradedPersonal = EventPersonal<typeof SubmissionGradedV1>;

/** The capstone's grade became passed for the FIRST time for this student (at most once per stream). */
export const CapstonePassedV1 = publishedEvent(
  GRADING_EVENTS.CapstonePassed,
  1,
  z.object({
    studentId: id,
    capstoneId: id,
    submissionId: id,
    weekId: id,
    subjectId: id,
    /** The program the capstone belongs to: the enrollment in THIS program advances. */
    programId: id,
  }),
);
export type CapstonePassedData = EventData<typeof CapstonePassedV1>;

// ── the pin of a submission whose host was away (stream submission-pin-<submissionId>) ─────────────

/** Which submission a pin event is about (the ids of its WorkSubmitted). */
const pinned = { submissionId: id, studentId: id, itemId: id };

/** The retry job read the commit of a submission accepted with its pin pending (ADR 0039). */
export const SubmissionCommitPinnedV1 = publishedEvent(GRADING_EVENTS.SubmissionCommitPinned, 1, z.object({ ...pinned, ...commit.shape }));
export type SubmissionCommitPinnedData = EventData<typeof SubmissionCommitPinnedV1>;

/** The retry job gave up: a day after the submission the host had still not answered, or the repository became unreadable. */
export const SubmissionPinFailedV1 = publishedEvent(
  GRADING_EVENTS.SubmissionPinFailed,
  1,
  z.object({ ...pinned, reason: z.enum(['host unreachable', 'repository unreadable']) }),
);
export type SubmissionPinFailedData = EventData<typeof SubmissionPinFailedV1>;

// ── extensions of a due date (stream extension-<studentId>-<itemId>) ─────────────────────────────────

/** Which student's extension of which item (learning shows it on the student's lessons). */
const extended = { studentId: id, itemId: id, kind: z.enum(WORK_KINDS), subjectId: id, teacherId: id };

/** Granted, or replaced by a new date: the latest one counts. */
export const ExtensionGrantedV1 = publishedEvent(
  GRADING_EVENTS.ExtensionGranted,
  1,
  // title: the item's when granted (the student's notice and mail name it); optional, so no new version.
  z.object({ ...extended, dueAt: z.string(), title: z.string().optional() }),
  /** Why: free text about the student, in the encrypted personal part (subject: the student). */
  { personal: z.object({ reason: z.string() }) },
);
export type ExtensionGrantedData = EventData<typeof ExtensionGrantedV1>;
export type ExtensionGrantedPersonal = EventPersonal<typeof ExtensionGrantedV1>;
export const ExtensionRevokedV1 = publishedEvent(GRADING_EVENTS.ExtensionRevoked, 1, z.object(extended));
export type ExtensionRevokedData = EventData<typeof ExtensionRevokedV1>;

// ── the conversation on a submission (stream conversation-<submissionId>) ───────────────────────────

/**
 * One reply, in order (the stream's version). The text is free text about the student's work: in the
 * encrypted part under the STUDENT's key whoever wrote it (as feedback is), so erasing the student
 * shreds the whole thread's text (ADR 0003, 0014). `teacherIds`: the subject's teachers when replied
 * (told of a student's reply).
 */
export const SubmissionRepliedV1 = publishedEvent(
  GRADING_EVENTS.SubmissionReplied,
  1,
  z.object({
    submissionId: id,
    studentId: id,
    itemId: id,
    kind: z.enum(WORK_KINDS),
    subjectId: id,
    authorId: id,
    authorRole: z.enum(['student', 'teacher']),
    title: z.string().optional(),
    teacherIds: z.array(id).optional(),
  }),
  { personal: z.object({ text: z.string() }) },
);
export type SubmissionRepliedData = EventData<typeof SubmissionRepliedV1>;

// ── rubrics (stream rubric-<itemId>) ─────────────────────────────────────────────────────────────────

const rubricKind = z.enum(['levels', 'checklist']);
const rubricCriteria = z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), levels: z.array(z.object({ label: z.string(), points: z.number().int(), description: z.string() })) }));

/** The whole rubric as saved, version n+1 of the stream (a grade keeps the version it used). Course content: no personal part. */
export const RubricSetV1 = publishedEvent(
  GRADING_EVENTS.RubricSet,
  1,
  z.object({
    itemId: id,
    subjectId: id,
    teacherId: id,
    version: z.number().int().min(1),
    kind: rubricKind,
    criteria: rubricCriteria,
  }),
);
export type RubricSetData = EventData<typeof RubricSetV1>;

/** Stream rubric-template-<templateId>: an admin's template, course content (no personal part). */
export const RubricTemplateCreatedV1 = publishedEvent(
  GRADING_EVENTS.RubricTemplateCreated,
  1,
  z.object({ templateId: id, adminId: id, name: z.string(), kind: rubricKind, criteria: rubricCriteria }),
);
export type RubricTemplateCreatedData = EventData<typeof RubricTemplateCreatedV1>;

export const GRADING_PUBLISHED_EVENTS = [
  WorkSubmittedV1,
  SubmissionGradedV1,
  CapstonePassedV1,
  SubmissionCommitPinnedV1,
  SubmissionPinFailedV1,
  ExtensionGrantedV1,
  ExtensionRevokedV1,
  SubmissionRepliedV1,
  RubricSetV1,
  RubricTemplateCreatedV1,
] as const;
