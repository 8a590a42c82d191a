// Rubrics (issue 30 §2) over real HTTP, Postgres and Redis (modules-harness.ts): every new route × every
// role and a teacher of another subject; the score of a rubric grade is computed by the server (0, 100,
// two decimals; the client's score ignored); a rubric changed after grading is a new version and the old
// grade keeps its own; the student sees the breakdown and the teacher's CSV has it; bad and hostile input
// writes nothing. An admin keeps templates and copies one into an item (admin only).
import {
  apiErrorSchema,
  auditWhyResponseSchema,
  itemRubricResponseSchema,
  myGradesResponseSchema,
  RUBRIC_MESSAGES,
  rubricTemplatesResponseSchema,
  type Subject,
  submissionResponseSchema,
  UNSTORABLE_TEXT_MESSAGE,
  weekResponseSchema,
} from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Account, type Answer, type Harness, startHarness } from './modules-harness.js';
import { gradingCohort } from './grading-cohort.js';
import { type MatrixRow, matrixAnswers, roleCallers } from './authorization-matrix.js';

let h: Harness;
let student: Account;
let teacher: Account;
let otherTeacher: Account;
let studentAdmin: Account;
let auditor: Account;
let subject: Subject;
let weekId: string;
let days = 0;

const admin = () => h.admin.token;
const errorOf = (answer: Answer) => bodyOf(answer, apiErrorSchema);
const rubricEvents = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.streamId.startsWith('rubric-')).length;
const gradeEvents = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.type === 'SubmissionGraded').length;

/** Two criteria: Markup (Excellent 4, Good 2, Missing 0) and Layout (Done 3, Not yet 0): 7 points at best. */
const LEVELS = {
  kind: 'levels',
  criteria: [
    {
      title: 'Semantic markup',
      description: 'Headings, lists and landmarks',
      levels: [
        { label: 'Excellent', points: 4, description: 'Every section' },
        { label: 'Good', points: 2, description: '' },
        { label: 'Missing', points: 0, description: '' },
      ],
    },
    { title: 'Layout', levels: [{ label: 'Done', points: 3 }, { label: 'Not yet', points: 0 }] },
  ],
};

/** A task of the subject: days 1–5 of a published week, a new week every five tasks. */
async function newTask(): Promise<string> {
  days += 1;
  if (days % 5 === 1) {
    const { week } = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: Math.ceil(days / 5), title: `Week ${Math.ceil(days / 5)}` } }), weekResponseSchema);
    weekId = week.id;
    expect((await h.call('PUT', `/weeks/${week.id}/published`, { token: teacher.token, body: { published: true } })).status).toBe(200);
  }
  const added = bodyOf(await h.call('POST', `/weeks/${weekId}/tasks`, { token: teacher.token, body: { dayNumber: ((days - 1) % 5) + 1, title: `Task ${days}` } }), weekResponseSchema).week;
  return added.tasks.find((t) => t.title === `Task ${days}`)!.id;
}
const setRubric = (itemId: string, body: unknown, token = teacher.token) => h.call('PUT', `/items/${itemId}/rubric`, { token, body });
const submitted = async (itemId: string) => bodyOf(await h.call('POST', '/student/submissions', { token: student.token, body: { kind: 'task', itemId, githubUrl: 'https://github.com/ada/work' } }), submissionResponseSchema).submission;
const gradeWith = (submissionId: string, rubric: unknown, extra: Record<string, unknown> = {}) =>
  h.call('POST', `/submissions/${submissionId}/grade`, { token: teacher.token, body: { status: 'passed', score: 12, ...extra, rubric } });
const choose = (version: number, levels: number[], comments: string[] = []) => ({ version, selections: levels.map((level, i) => ({ criterionId: `c${i + 1}`, level, comment: comments[i] ?? '' })) });

beforeAll(async () => {
  h = await startHarness('rubrics');
  student = await h.account('student', 'Ada Student');
  const cohort = await gradingCohort(h);
  ({ teacher, otherTeacher, studentAdmin, auditor, subject } = cohort);
  await cohort.enrollActive(student);
}, 90_000);
afterAll(async () => h?.stop());

describe('authorization', () => {
  it('answers every rubric route as expected for each role, and a teacher of another subject gets 403 (404 for an unknown item)', async () => {
    const itemId = await newTask();
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    // columns: anonymous, student, teacher of the subject, admin, student admin, auditor, teacher of another subject
    const matrix: MatrixRow[] = [
      ['GET', `/items/${itemId}/rubric`, undefined, 401, 403, 200, 200, 403, 403, 403],
      ['GET', `/items/${nobody}/rubric`, undefined, 401, 403, 404, 404, 403, 403, 404],
      ['PUT', `/items/${itemId}/rubric`, LEVELS, 401, 403, 200, 403, 403, 403, 403],
      ['PUT', `/items/${nobody}/rubric`, LEVELS, 401, 403, 404, 403, 403, 403, 404],
    ];
    const { got, want } = await matrixAnswers(h, matrix, roleCallers(token, { 'other teacher': otherTeacher }));
    expect(got).toEqual(want);
    // Saved once by the teacher of the subject (the same rubric again is no new version).
    expect(bodyOf(await h.call('GET', `/items/${itemId}/rubric`, { token: admin(), minPosition: await h.head() }), itemRubricResponseSchema).rubric?.version).toBe(1);
    // A rubric grade by a teacher of another subject is refused like any grade of theirs.
    const work = await submitted(itemId);
    const refused = await h.call('POST', `/submissions/${work.id}/grade`, { token: otherTeacher.token, body: { status: 'passed', rubric: choose(1, [0, 0]) } });
    expect([refused.status, errorOf(refused).message]).toEqual([403, 'You are not assigned to this subject.']);
  });
});

describe('grading with a rubric', () => {
  it('computes the score on the server at the edges (0, 100, two decimals), whatever score the client sent, and the student sees the breakdown', async () => {
    const itemId = await newTask();
    const saved = bodyOf(await setRubric(itemId, LEVELS), itemRubricResponseSchema);
    expect(saved.message).toBe(RUBRIC_MESSAGES.saved);
    expect(saved.rubric).toMatchObject({ version: 1, kind: 'levels', criteria: [{ id: 'c1', title: 'Semantic markup' }, { id: 'c2', title: 'Layout' }] });
    const work = await submitted(itemId);
    const scoreOf = async (levels: number[], comments?: string[]) => bodyOf(await gradeWith(work.id, choose(1, levels, comments)), submissionResponseSchema).submission.grade;
    expect((await scoreOf([2, 1]))?.score).toBe(0);
    expect((await scoreOf([0, 0]))?.score).toBe(100);
    // 2 of 7 points: 28.571… → 28.57.
    const grade = await scoreOf([1, 1], ['Use <nav> for the menu', '']);
    expect(grade).toMatchObject({ score: 28.57, status: 'passed' });
    const breakdown = {
      version: 1,
      criteria: [
        { criterionId: 'c1', title: 'Semantic markup', level: 'Good', points: 2, maxPoints: 4, comment: 'Use <nav> for the menu' },
        { criterionId: 'c2', title: 'Layout', level: 'Not yet', points: 0, maxPoints: 3, comment: '' },
      ],
    };
    expect(grade?.rubric).toEqual(breakdown);
    const mine = bodyOf(await h.call('GET', '/student/grades', { token: student.token, minPosition: await h.head() }), myGradesResponseSchema).submissions.find((s) => s.id === work.id);
    expect(mine?.grade).toMatchObject({ score: 28.57, rubric: breakdown });
    // The teacher's CSV has the breakdown (the comments stay in the app).
    const csv = String((await h.call('GET', `/subjects/${subject.id}/grades.csv`, { token: teacher.token, minPosition: await h.head() })).body).trim().split('\r\n');
    expect(csv[0]?.endsWith('"graded_by","rubric"')).toBe(true);
    expect(csv.filter((line) => line.endsWith('"Semantic markup: Good (2/4); Layout: Not yet (0/3)"'))).toHaveLength(1);
    // The comments are personal: in the encrypted part, the levels and points in the event's data.
    const graded = (await h.store.readStream(`work-${student.userId}-${itemId}`)).filter((e) => e.type === 'SubmissionGraded').at(-1)!;
    expect(JSON.stringify(graded.data)).not.toContain('nav');
    expect(graded.data).toMatchObject({ score: 28.57, rubric: { version: 1, criteria: [{ criterionId: 'c1', level: 1, points: 2 }, { criterionId: 'c2', level: 1, points: 0 }] } });
  });

  it('a checklist scores its items; a rubric changed after grading is a new version, the old grade keeps its own, a grade with the old version is refused', async () => {
    const itemId = await newTask();
    const checklist = { kind: 'checklist', items: [{ title: 'Tests pass', points: 1 }, { title: 'README', points: 2 }] };
    expect(bodyOf(await setRubric(itemId, checklist), itemRubricResponseSchema).rubric?.criteria[1]?.levels.map((l) => [l.label, l.points])).toEqual([
      [RUBRIC_MESSAGES.checklistDone, 2],
      [RUBRIC_MESSAGES.checklistNotDone, 0],
    ]);
    const work = await submitted(itemId);
    const first = bodyOf(await gradeWith(work.id, choose(1, [0, 1]), { status: 'needs_revision' }), submissionResponseSchema).submission.grade;
    expect([first?.score, first?.rubric?.version]).toEqual([33.33, 1]);

    const changed = bodyOf(await setRubric(itemId, { kind: 'checklist', items: [{ title: 'Tests pass', points: 3 }, { title: 'README', points: 1 }] }), itemRubricResponseSchema).rubric;
    expect(changed?.version).toBe(2);
    // The grade given with version 1 keeps its version, levels and points.
    const kept = bodyOf(await h.call('GET', `/submissions/${work.id}`, { token: student.token, minPosition: await h.head() }), submissionResponseSchema).submission.grade;
    expect(kept?.rubric).toMatchObject({ version: 1, criteria: [{ points: 1, maxPoints: 1 }, { points: 0, maxPoints: 2 }] });
    expect(kept?.score).toBe(33.33);
    // The auditor's Why for that grade names the rubric version that made the score (version 1, not the current 2).
    const why = bodyOf(await h.call('GET', `/audit/why/grade-status/${work.id}`, { token: auditor.token }), auditWhyResponseSchema);
    expect(why.chain.slice(0, 2).map((s) => [s.link, s.type, s.streamId, s.streamVersion, s.context])).toEqual([
      ['value', 'SubmissionGraded', `work-${student.userId}-${itemId}`, 2, 'grading'],
      ['rubric', 'RubricSet', `rubric-${itemId}`, 1, 'grading'],
    ]);

    const before = await gradeEvents();
    const stale = await gradeWith(work.id, choose(1, [0, 0]));
    expect([stale.status, errorOf(stale).message]).toEqual([409, RUBRIC_MESSAGES.rubricChanged]);
    expect(await gradeEvents()).toBe(before);
    const regraded = bodyOf(await gradeWith(work.id, choose(2, [0, 1])), submissionResponseSchema).submission.grade;
    expect([regraded?.score, regraded?.rubric?.version]).toEqual([75, 2]);
  });
});

describe('bad and hostile input', () => {
  it('refuses a bad or unstorable rubric on its fields, and a grade that misses a criterion or a level; nothing written', async () => {
    const itemId = await newTask();
    const before = await rubricEvents();
    const criterion = (over: Record<string, unknown>) => ({ kind: 'levels', criteria: [{ title: 'T', levels: [{ label: 'L', points: 1 }], ...over }] });
    const level = (over: Record<string, unknown>) => criterion({ levels: [{ label: 'L', points: 1, ...over }] });
    const cases: [unknown, Record<string, string[]>][] = [
      [{ kind: 'levels', criteria: [] }, { criteria: [RUBRIC_MESSAGES.criteriaRequired] }],
      [criterion({ title: '  ' }), { 'criteria.0.title': [RUBRIC_MESSAGES.titleRequired] }],
      [criterion({ title: 'ok\u0000' }), { 'criteria.0.title': [UNSTORABLE_TEXT_MESSAGE] }],
      [criterion({ description: 'ok \u001b[31m' }), { 'criteria.0.description': [UNSTORABLE_TEXT_MESSAGE] }],
      [level({ label: 'half \ud800 pair' }), { 'criteria.0.levels.0.label': [UNSTORABLE_TEXT_MESSAGE] }],
      [level({ description: 'bell\u0007' }), { 'criteria.0.levels.0.description': [UNSTORABLE_TEXT_MESSAGE] }],
      [level({ points: 1.5 }), { 'criteria.0.levels.0.points': [RUBRIC_MESSAGES.pointsRange] }],
      [level({ points: 0 }), { criteria: [RUBRIC_MESSAGES.noPoints] }],
      [{ kind: 'checklist', items: [{ title: 'x\u0000', points: 1 }] }, { 'items.0.title': [UNSTORABLE_TEXT_MESSAGE] }],
    ];
    for (const [body, fields] of cases) {
      const res = await setRubric(itemId, body);
      expect([JSON.stringify(body), res.status, errorOf(res).fields]).toEqual([JSON.stringify(body), 400, expect.objectContaining(fields)]);
    }
    expect(await rubricEvents()).toBe(before);

    // Markup is text like any other: stored as typed.
    const markup = '<img src=x onerror=alert(1)> =HYPERLINK("x")';
    expect(bodyOf(await setRubric(itemId, criterion({ title: markup })), itemRubricResponseSchema).rubric?.criteria[0]?.title).toBe(markup);
    const work = await submitted(itemId);
    const grades = await gradeEvents();
    const refusals: [unknown, number, Record<string, string[]> | undefined][] = [
      [{ version: 1, selections: [] }, 400, { 'rubric.selections': [RUBRIC_MESSAGES.selectEveryCriterion] }],
      [{ version: 1, selections: [{ criterionId: 'c9', level: 0 }] }, 400, { rubric: [RUBRIC_MESSAGES.selectEveryCriterion] }],
      [{ version: 1, selections: [{ criterionId: 'c1', level: 5 }] }, 400, { rubric: [RUBRIC_MESSAGES.unknownLevel] }],
      [{ version: 1, selections: [{ criterionId: 'c1', level: 0, comment: 'x\u0000' }] }, 400, { 'rubric.selections.0.comment': [UNSTORABLE_TEXT_MESSAGE] }],
    ];
    for (const [rubric, status, fields] of refusals) {
      const res = await gradeWith(work.id, rubric);
      expect([JSON.stringify(rubric), res.status, errorOf(res).fields]).toEqual([JSON.stringify(rubric), status, expect.objectContaining(fields)]);
    }
    // An item without a rubric: 409.
    const plain = await submitted(await newTask());
    const none = await gradeWith(plain.id, choose(1, [0]));
    expect([none.status, errorOf(none).message]).toEqual([409, RUBRIC_MESSAGES.noRubric]);
    expect(await gradeEvents()).toBe(grades);
  });
});

describe('templates (admin)', () => {
  it('answers every template route as expected for each role; an admin keeps a template and copies it into an item as its next version, its own from then on', async () => {
    const itemId = await newTask();
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    const body = { name: 'Web basics', rubric: { kind: 'checklist', items: [{ title: 'Valid HTML', points: 3 }] } };
    const created = bodyOf(await h.call('POST', '/rubric-templates', { token: admin(), body }), rubricTemplatesResponseSchema);
    expect(created.message).toBe(RUBRIC_MESSAGES.templateSaved);
    const templateId = created.templates.find((t) => t.name === 'Web basics')!.id;
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    // columns: anonymous, student, teacher of the subject, admin, student admin, auditor, teacher of another subject
    const matrix: MatrixRow[] = [
      ['GET', '/rubric-templates', undefined, 401, 403, 403, 200, 403, 403, 403],
      ['POST', '/rubric-templates', body, 401, 403, 403, 201, 403, 403, 403],
      ['POST', `/items/${itemId}/rubric/copy`, { templateId }, 401, 403, 403, 200, 403, 403, 403],
      ['POST', `/items/${nobody}/rubric/copy`, { templateId }, 401, 403, 403, 404, 403, 403, 403],
      ['POST', `/items/${itemId}/rubric/copy`, { templateId: nobody }, 401, 403, 403, 404, 403, 403, 403],
    ];
    const { got, want } = await matrixAnswers(h, matrix, roleCallers(token, { 'other teacher': otherTeacher }));
    expect(got).toEqual(want);

    // Copied once above: the item's version 1, the template's criteria; the teacher grades with it.
    const copied = bodyOf(await h.call('GET', `/items/${itemId}/rubric`, { token: teacher.token, minPosition: await h.head() }), itemRubricResponseSchema).rubric;
    expect(copied).toMatchObject({ version: 1, kind: 'checklist', criteria: [{ id: 'c1', title: 'Valid HTML', levels: [{ points: 3 }, { points: 0 }] }] });
    const again = bodyOf(await h.call('POST', `/items/${itemId}/rubric/copy`, { token: admin(), body: { templateId } }), itemRubricResponseSchema);
    expect([again.message, again.rubric?.version]).toEqual([RUBRIC_MESSAGES.templateCopied, 1]);
    const work = await submitted(itemId);
    expect(bodyOf(await gradeWith(work.id, choose(1, [0])), submissionResponseSchema).submission.grade?.score).toBe(100);
  });

  it('refuses a bad or unstorable template on its fields, and a malformed template id; nothing written', async () => {
    const templates = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.streamId.startsWith('rubric-template-')).length;
    const before = await templates();
    const rubric = { kind: 'levels', criteria: [{ title: 'T', levels: [{ label: 'L', points: 1 }] }] };
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: ' ', rubric }, { name: [RUBRIC_MESSAGES.nameRequired] }],
      [{ name: 'x\u0000', rubric }, { name: [UNSTORABLE_TEXT_MESSAGE] }],
      [{ name: 'ok', rubric: { kind: 'levels', criteria: [{ title: 'bell\u0007', levels: [{ label: 'L', points: 1 }] }] } }, { 'rubric.criteria.0.title': [UNSTORABLE_TEXT_MESSAGE] }],
    ];
    for (const [payload, fields] of cases) {
      const res = await h.call('POST', '/rubric-templates', { token: admin(), body: payload });
      expect([res.status, errorOf(res).fields]).toEqual([400, expect.objectContaining(fields)]);
    }
    expect(await templates()).toBe(before);
    const itemId = await newTask();
    const res = await h.call('POST', `/items/${itemId}/rubric/copy`, { token: admin(), body: { templateId: 'nope' } });
    expect([res.status, errorOf(res).fields]).toEqual([400, { templateId: ['Choose a template'] }]);
  });
});
