// The rubric aggregate (stream `rubric-<itemId>`, issue 30 §2, ADR 0044): an item's grading rule. Plain
// TS. Every save is a new version (the whole rubric), so a grade made with a rubric names the version
// whose criteria and points it used, however the rubric changes later. The score of a rubric grade is
// computed here from the levels chosen, never taken from the client.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import { GRADING_EVENTS, RUBRIC_MESSAGES, type RubricCriterion, type RubricSetData, type RubricSelections, type SetRubricRequest } from '@academy/contracts';

export const rubricStream = (itemId: string) => `rubric-${itemId}`;

export type RubricEvent = { type: typeof GRADING_EVENTS.RubricSet; data: RubricSetData };

/** The current version, or null before the first save. */
export type RubricState = Pick<RubricSetData, 'version' | 'kind' | 'criteria'> | null;

export function evolveRubric(state: RubricState, event: LoadedEventOf<RubricEvent>): RubricState {
  if (event.type !== GRADING_EVENTS.RubricSet) return state;
  const { version, kind, criteria } = event.data;
  return { version, kind, criteria };
}

/** A checklist item is a criterion of two levels, Done (its points) and Not done (0): one way to grade both. */
export function criteriaOf(input: SetRubricRequest): RubricCriterion[] {
  if (input.kind === 'levels') return input.criteria.map((c, i) => ({ id: `c${i + 1}`, title: c.title, description: c.description, levels: c.levels }));
  return input.items.map((item, i) => ({
    id: `c${i + 1}`,
    title: item.title,
    description: item.description,
    levels: [
      { label: RUBRIC_MESSAGES.checklistDone, points: item.points, description: '' },
      { label: RUBRIC_MESSAGES.checklistNotDone, points: 0, description: '' },
    ],
  }));
}

export interface SetRubric {
  type: 'SetRubric';
  itemId: string;
  subjectId: string;
  /** Who saved it: the item's teacher, or an admin copying a template in. */
  teacherId: string;
  input: SetRubricRequest | { kind: RubricSetData['kind']; criteria: RubricCriterion[]; stored: true };
}

export function decideRubric(command: SetRubric, state: RubricState): RubricEvent[] {
  // A template's criteria are stored already (ids and a checklist's two levels): copied as they are.
  const criteria = 'stored' in command.input ? command.input.criteria : criteriaOf(command.input);
  // The same rubric again (a retry, a double click) is no new version.
  if (state && state.kind === command.input.kind && JSON.stringify(state.criteria) === JSON.stringify(criteria)) return [];
  const data: RubricSetData = { itemId: command.itemId, subjectId: command.subjectId, teacherId: command.teacherId, version: (state?.version ?? 0) + 1, kind: command.input.kind, criteria };
  return [{ type: GRADING_EVENTS.RubricSet, data }];
}

export const rubricDecider: Decider<SetRubric, RubricEvent, RubricState> = {
  initialState: () => null,
  evolve: evolveRubric,
  decide: decideRubric,
};

export interface ScoredCriterion {
  criterionId: string;
  title: string;
  level: number;
  label: string;
  points: number;
  maxPoints: number;
}

/**
 * The score of a grade with the rubric: the points chosen over the best possible, scaled to 100 and
 * rounded to 2 decimals (spec §9). Every criterion exactly once, with a level it has (400 otherwise);
 * the version the teacher saw must be the current one (409: the rubric changed while they graded).
 */
export function scoreWithRubric(rubric: RubricState, chosen: RubricSelections): { score: number; criteria: ScoredCriterion[]; comments: Record<string, string> } {
  if (!rubric) throw new DomainError('conflict', RUBRIC_MESSAGES.noRubric);
  if (chosen.version !== rubric.version) throw new DomainError('conflict', RUBRIC_MESSAGES.rubricChanged);
  const byId = new Map(chosen.selections.map((s) => [s.criterionId, s]));
  if (byId.size !== chosen.selections.length || rubric.criteria.some((c) => !byId.has(c.id)) || byId.size !== rubric.criteria.length) {
    throw new DomainError('invalid', RUBRIC_MESSAGES.selectEveryCriterion, { rubric: [RUBRIC_MESSAGES.selectEveryCriterion] });
  }
  const criteria = rubric.criteria.map((c): ScoredCriterion => {
    const level = c.levels[byId.get(c.id)!.level];
    if (!level) throw new DomainError('invalid', RUBRIC_MESSAGES.unknownLevel, { rubric: [RUBRIC_MESSAGES.unknownLevel] });
    return { criterionId: c.id, title: c.title, level: byId.get(c.id)!.level, label: level.label, points: level.points, maxPoints: Math.max(...c.levels.map((l) => l.points)) };
  });
  const best = criteria.reduce((s, c) => s + c.maxPoints, 0);
  const got = criteria.reduce((s, c) => s + c.points, 0);
  const score = Math.round((got / best) * 10000) / 100;
  const comments = Object.fromEntries(chosen.selections.filter((s) => s.comment !== '').map((s) => [s.criterionId, s.comment]));
  return { score, criteria, comments };
}
