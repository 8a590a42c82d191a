// Rubrics (issue 30 §2): what the API answers and the dashboards show.

export const RUBRIC_MESSAGES = {
  saved: 'Rubric saved',
  templateSaved: 'Rubric template saved',
  templateCopied: 'Rubric copied from the template',
  templateNotFound: 'Rubric template not found',
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  labelRequired: 'Label is required',
  criteriaRequired: 'Add at least one criterion',
  levelsRequired: 'A criterion needs at least one level',
  pointsRange: 'Points must be a whole number from 0 to 1000',
  noPoints: 'At least one level must give points',
  /** 400 on a grade with a rubric: every criterion once, a level it has. */
  selectEveryCriterion: 'Choose a level for every criterion',
  unknownLevel: 'Choose one of the criterion’s levels',
  chooseLevel: 'Choose a level',
  /** The grading dialog, before saving: the score the levels chosen make. */
  computedScore: (score: string) => `Score from the rubric: ${score} / 100`,
  /** 409: the rubric was saved again while the teacher graded with the version they had opened. */
  rubricChanged: 'The rubric of this item changed meanwhile. Reload to grade with the new version.',
  noRubric: 'This item has no rubric.',
  checklistDone: 'Done',
  checklistNotDone: 'Not done',
} as const;
