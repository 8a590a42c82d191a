import { describe, expect, it } from '@jest/globals';
import type { Rubric, Submission } from '@academy/contracts';
import { gradeFormSchema, previewScore, rubricDefaults } from './grade-rubric-fields';

const rubric: Rubric = {
  version: 2,
  kind: 'levels',
  criteria: [
    { id: 'c1', title: 'Markup', description: '', levels: [{ label: 'Good', points: 4, description: '' }, { label: 'Missing', points: 0, description: '' }] },
    { id: 'c2', title: 'Layout', description: '', levels: [{ label: 'Done', points: 2, description: '' }, { label: 'No', points: 0, description: '' }] },
  ],
};
const gradeWith = (version: number): Submission['grade'] => ({
  score: 66.67,
  status: 'passed',
  feedback: '',
  teacherId: 't',
  teacherName: 'T',
  gradedAt: '2026-11-28T10:00:00.000Z',
  rubric: { version, criteria: [{ criterionId: 'c1', title: 'Markup', level: 'Good', points: 4, maxPoints: 4, comment: 'Nice' }, { criterionId: 'c2', title: 'Layout', level: 'No', points: 0, maxPoints: 2, comment: '' }] },
});

describe('grading with a rubric', () => {
  it('previews the score the server computes (points over the best, two decimals) once every level is chosen', () => {
    expect(previewScore(rubric, [0, 1])).toBe(66.67);
    expect(previewScore(rubric, [1, 1])).toBe(0);
    expect(previewScore(rubric, [0, 0])).toBe(100);
    expect(previewScore(rubric, [0, undefined])).toBeNull();
  });

  it('starts from the levels and comments of a grade made with the same version, none otherwise', () => {
    expect(rubricDefaults(rubric, gradeWith(2))).toEqual({ version: 2, selections: [{ criterionId: 'c1', level: 0, comment: 'Nice' }, { criterionId: 'c2', level: 1, comment: '' }] });
    expect(rubricDefaults(rubric, gradeWith(1)).selections.map((s) => [s.level, s.comment])).toEqual([[undefined, ''], [undefined, '']]);
  });

  it('asks for a level on every criterion before sending', () => {
    const unchosen = gradeFormSchema.safeParse({ status: 'passed', rubric: rubricDefaults(rubric, null) });
    expect(unchosen.success ? [] : unchosen.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rubric.selections.0.level', 'Choose a level'],
      ['rubric.selections.1.level', 'Choose a level'],
    ]);
  });
});
