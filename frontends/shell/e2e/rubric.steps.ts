// The browser steps of grading with a rubric (issue 30 §2), used by extensions.e2e.spec.ts: the teacher's
// Rubric dialog filled with two criteria (hostile text first: the shared text rule, inline, what was typed
// kept), and the grading dialog's levels chosen, the computed score shown before saving.
import type { Locator } from 'playwright-core';
import { RUBRIC_MESSAGES } from '@academy/contracts';
import { waitForToast } from '@academy/testing';

/** Labels (Clear 4, Missing 0) and Validation (Done 2, Not yet 0): 6 points at best. Saves it; the dialog closes. */
export async function fillTwoCriteriaRubric(rubric: Locator) {
  const field = (label: string) => rubric.getByLabel(label, { exact: true });
  await field('Criterion 1 title').fill('Labels \u0007');
  await field('Criterion 1 level 1 label').fill('Clear');
  await field('Criterion 1 level 1 points').fill('4');
  await rubric.getByRole('button', { name: 'Add a level to criterion 1' }).click();
  await field('Criterion 1 level 2 label').fill('Missing');
  await field('Criterion 1 level 2 points').fill('0');
  await rubric.getByRole('button', { name: 'Add a criterion' }).click();
  await field('Criterion 2 title').fill('Validation');
  await field('Criterion 2 level 1 label').fill('Done');
  await field('Criterion 2 level 1 points').fill('2');
  await rubric.getByRole('button', { name: 'Add a level to criterion 2' }).click();
  await field('Criterion 2 level 2 label').fill('Not yet');
  await rubric.getByRole('button', { name: 'Save Rubric' }).click();
  await rubric.getByText('Contains characters that are not allowed').waitFor();
  expect(await field('Criterion 2 level 2 label').inputValue()).toBe('Not yet');
  await field('Criterion 1 title').fill('Labels');
  await rubric.getByRole('button', { name: 'Save Rubric' }).click();
  await waitForToast(rubric.page(), RUBRIC_MESSAGES.saved);
  await rubric.waitFor({ state: 'detached' });
}

/** Clear and Not yet (4 of 6 points: 66.67 shown before saving), a comment on Labels. */
export async function chooseLevelsShowingTheScore(section: Locator) {
  await section.getByLabel('Labels', { exact: true }).selectOption({ label: 'Clear (4 points)' });
  await section.getByTestId('rubric-score').filter({ hasText: RUBRIC_MESSAGES.computedScore('—') }).waitFor();
  await section.getByLabel('Validation', { exact: true }).selectOption({ label: 'Not yet (0 points)' });
  await section.getByTestId('rubric-score').filter({ hasText: RUBRIC_MESSAGES.computedScore('66.67') }).waitFor();
  await section.getByLabel('Comment on Labels').fill('Every input has a label.');
}
