import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@academy/event-store';
import { RUBRIC_MESSAGES, type SetRubricRequest } from '@academy/contracts';
import { decideRubric, type RubricState, scoreWithRubric } from './rubric.js';

const input: SetRubricRequest = {
  kind: 'levels',
  criteria: [
    { title: 'Markup', description: '', levels: [{ label: 'Good', points: 2, description: '' }, { label: 'Missing', points: 0, description: '' }] },
    { title: 'Layout', description: '', levels: [{ label: 'Done', points: 1, description: '' }, { label: 'No', points: 0, description: '' }] },
  ],
};
const set = (state: RubricState, rubric: SetRubricRequest = input) => decideRubric({ type: 'SetRubric', itemId: 'i1', subjectId: 's1', teacherId: 't1', input: rubric }, state);
const current = (): RubricState => set(null)[0]!.data;
const choose = (version: number, levels: number[]) => ({ version, selections: levels.map((level, i) => ({ criterionId: `c${i + 1}`, level, comment: i === 0 ? 'why' : '' })) });

describe('rubric', () => {
  it('every change is a new version; the same rubric again is none', () => {
    const first = current();
    expect(first?.version).toBe(1);
    expect(set(first)).toEqual([]);
    expect(set(first, { kind: 'checklist', items: [{ title: 'Tests', description: '', points: 3 }] })[0]?.data).toMatchObject({ version: 2, kind: 'checklist', criteria: [{ id: 'c1', levels: [{ points: 3 }, { points: 0 }] }] });
  });

  it('scores the points chosen over the best, scaled to 100 with two decimals; comments only where written', () => {
    expect(scoreWithRubric(current(), choose(1, [1, 1])).score).toBe(0);
    expect(scoreWithRubric(current(), choose(1, [0, 0])).score).toBe(100);
    const scored = scoreWithRubric(current(), choose(1, [1, 0]));
    expect([scored.score, scored.comments, scored.criteria.map((c) => [c.label, c.points, c.maxPoints])]).toEqual([33.33, { c1: 'why' }, [['Missing', 0, 2], ['Done', 1, 1]]]);
  });

  it('refuses another version, a missing or unknown criterion, a level the criterion lacks, and an item without a rubric', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as DomainError).message;
      }
      return 'no refusal';
    };
    expect(refusal(() => scoreWithRubric(current(), choose(2, [0, 0])))).toBe(RUBRIC_MESSAGES.rubricChanged);
    expect(refusal(() => scoreWithRubric(current(), choose(1, [0])))).toBe(RUBRIC_MESSAGES.selectEveryCriterion);
    expect(refusal(() => scoreWithRubric(current(), { version: 1, selections: [{ criterionId: 'c1', level: 0, comment: '' }, { criterionId: 'c1', level: 0, comment: '' }] }))).toBe(RUBRIC_MESSAGES.selectEveryCriterion);
    expect(refusal(() => scoreWithRubric(current(), choose(1, [0, 2])))).toBe(RUBRIC_MESSAGES.unknownLevel);
    expect(refusal(() => scoreWithRubric(null, choose(1, [0, 0])))).toBe(RUBRIC_MESSAGES.noRubric);
  });
});
