// The learning read model from given events, against real Postgres (libs/testing projectionSpec):
// learning's own weeks and tasks, and grading's published WorkSubmitted / SubmissionGraded.
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec } from '@academy/testing/projection';
import { learningProjection } from './learning.projection.js';

const PROGRAM = '00000000-0000-4000-8000-0000000000c1';
const SUBJECT = '00000000-0000-4000-8000-0000000000c2';
const WEEK = '00000000-0000-4000-8000-0000000000c3';
const TASK_A = '00000000-0000-4000-8000-0000000000c4';
const TASK_B = '00000000-0000-4000-8000-0000000000c5';
const STUDENT = '00000000-0000-4000-8000-0000000000c6';
const SUBMISSION = '00000000-0000-4000-8000-0000000000c7';

const spec = projectionSpec(() => learningProjection, 'learning_projection');
const week = `week-${WEEK}`;
const task = (taskId: string, dayNumber: number) => ({ weekId: WEEK, taskId, dayNumber, title: `Task ${dayNumber}`, description: '', instructions: '', dueAt: null });
const content = [
  event(`program-${PROGRAM}`, 'ProgramCreated', { programId: PROGRAM, name: 'Evening', type: 'evening', description: '' }),
  event(`subject-${SUBJECT}`, 'SubjectCreated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web', weekNumber: null, description: '' }),
  event(week, 'WeekCreated', { weekId: WEEK, subjectId: SUBJECT, weekNumber: 1, title: 'Basics', objectives: 'o' }),
  event(week, 'TaskAdded', task(TASK_A, 1)),
  event(week, 'TaskAdded', task(TASK_B, 2)),
  event(week, 'TasksReordered', { weekId: WEEK, order: [{ taskId: TASK_A, dayNumber: 2 }, { taskId: TASK_B, dayNumber: 1 }] }),
  event(week, 'WeekUpdated', { weekId: WEEK, title: 'Basics, again', objectives: 'o2' }),
  event(week, 'WeekPublished', { weekId: WEEK, subjectId: SUBJECT }),
];

describe('learning projection', () => {
  it('keeps a week, its tasks in their new order and the week stream version', async () => {
    const t = await spec.given(content);
    expect(await t.rows('SELECT title, objectives, is_published, version FROM weeks')).toEqual([{ title: 'Basics, again', objectives: 'o2', is_published: true, version: 6 }]);
    expect(await t.rows('SELECT id, day_number FROM tasks ORDER BY day_number')).toEqual([
      { id: TASK_B, day_number: 1 },
      { id: TASK_A, day_number: 2 },
    ]);
  });

  it("keeps the student's latest attempt and its grade from grading's published events", async () => {
    const work = `work-${STUDENT}-${TASK_A}`;
    const t = await spec.given([
      ...content,
      event(
        work,
        'WorkSubmitted',
        { submissionId: SUBMISSION, studentId: STUDENT, kind: 'task', itemId: TASK_A, weekId: WEEK, subjectId: SUBJECT, programId: PROGRAM, githubUrl: 'https://github.com/a/b', attempt: 1, late: false, dueAt: null },
        { personal: { subjectId: STUDENT, data: { notes: 'my notes' } } },
      ),
      event(
        work,
        'SubmissionGraded',
        { submissionId: SUBMISSION, studentId: STUDENT, kind: 'task', itemId: TASK_A, weekId: WEEK, subjectId: SUBJECT, teacherId: STUDENT, attempt: 1, score: 88.5, status: 'passed', previous: null },
        { personal: { subjectId: STUDENT, data: { feedback: 'good', previousFeedback: null } } },
      ),
    ]);
    expect(await t.rows('SELECT notes, grade_status, score::float AS score, feedback FROM work')).toEqual([{ notes: 'my notes', grade_status: 'passed', score: 88.5, feedback: 'good' }]);
  });
});
