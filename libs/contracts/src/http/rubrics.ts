import { z } from 'zod';
import { text } from '../text.js';
import { RUBRIC_MESSAGES } from '../copy/rubrics.js';

// Rubrics (issue 30 §2, ADR 0044), in the grading context: a teacher of the item's subject attaches a
// rubric to a task or capstone; every save is a new version on the stream `rubric-<itemId>`, and a grade
// made with a rubric keeps the version and the levels it used. Texts follow the shared text rule.

const title = text({ error: RUBRIC_MESSAGES.titleRequired }).trim().min(1, RUBRIC_MESSAGES.titleRequired).max(200, 'Title must be at most 200 characters');
const description = text().trim().max(2000, 'Description must be at most 2000 characters').optional().default('');
const points = z.number({ error: RUBRIC_MESSAGES.pointsRange }).int(RUBRIC_MESSAGES.pointsRange).min(0, RUBRIC_MESSAGES.pointsRange).max(1000, RUBRIC_MESSAGES.pointsRange);

export const rubricLevelSchema = z.object({
  label: text({ error: RUBRIC_MESSAGES.labelRequired }).trim().min(1, RUBRIC_MESSAGES.labelRequired).max(100, 'Label must be at most 100 characters'),
  points,
  description,
});
export const rubricCriterionInputSchema = z.object({ title, description, levels: z.array(rubricLevelSchema).min(1, RUBRIC_MESSAGES.levelsRequired).max(10) });
export const checklistItemInputSchema = z.object({ title, description, points });

/**
 * PUT /api/items/:itemId/rubric (teacher assigned to the item's subject) → { message: 'Rubric saved', item,
 * rubric }: criteria with levels, or a checklist whose items carry points. 400 fields; 403; 404.
 */
/** Criteria with levels (the teacher's Rubric dialog edits this kind). */
export const levelsRubricRequestSchema = z.object({ kind: z.literal('levels'), criteria: z.array(rubricCriterionInputSchema).min(1, RUBRIC_MESSAGES.criteriaRequired).max(30) });
export type LevelsRubricRequest = z.infer<typeof levelsRubricRequestSchema>;
export const setRubricRequestSchema = z
  .discriminatedUnion('kind', [
    levelsRubricRequestSchema,
    z.object({ kind: z.literal('checklist'), items: z.array(checklistItemInputSchema).min(1, RUBRIC_MESSAGES.criteriaRequired).max(50) }),
  ])
  .superRefine((r, ctx) => {
    // An empty list has its own message.
    if ((r.kind === 'levels' ? r.criteria : r.items).length === 0) return;
    const best = r.kind === 'levels' ? r.criteria.reduce((s, c) => s + Math.max(...c.levels.map((l) => l.points)), 0) : r.items.reduce((s, i) => s + i.points, 0);
    if (best === 0) ctx.addIssue({ code: 'custom', path: [r.kind === 'levels' ? 'criteria' : 'items'], message: RUBRIC_MESSAGES.noPoints });
  });
export type SetRubricRequest = z.infer<typeof setRubricRequestSchema>;

/** A rubric as stored: a checklist item is a criterion with the levels Done (its points) and Not done (0). */
export const rubricCriterionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  levels: z.array(z.object({ label: z.string(), points: z.number().int(), description: z.string() })),
});
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;
export const rubricSchema = z.object({ version: z.number().int().min(1), kind: z.enum(['levels', 'checklist']), criteria: z.array(rubricCriterionSchema) });
export type Rubric = z.infer<typeof rubricSchema>;

/** GET /api/items/:itemId/rubric (teacher assigned to the item's subject; admin) → the item and its current rubric (null: none). */
export const itemRubricResponseSchema = z.object({
  message: z.string().optional(),
  item: z.object({ id: z.string(), title: z.string(), subjectId: z.string() }),
  rubric: rubricSchema.nullable(),
});
export type ItemRubricResponse = z.infer<typeof itemRubricResponseSchema>;

/** A grade with a rubric: the version the dialog showed, one level per criterion, an optional comment each. */
export const rubricSelectionsSchema = z.object({
  version: z.number().int().min(1),
  selections: z
    .array(
      z.object({
        criterionId: text().min(1).max(100),
        level: z.number({ error: RUBRIC_MESSAGES.chooseLevel }).int(RUBRIC_MESSAGES.chooseLevel).min(0, RUBRIC_MESSAGES.chooseLevel),
        comment: text().trim().max(2000, 'Comment must be at most 2000 characters').optional().default(''),
      }),
    )
    .min(1, RUBRIC_MESSAGES.selectEveryCriterion)
    .max(50),
});
export type RubricSelections = z.infer<typeof rubricSelectionsSchema>;

/** The breakdown under a grade: each criterion with the level chosen, its points of the best, the comment. */
export const rubricBreakdownSchema = z.object({
  version: z.number().int(),
  criteria: z.array(z.object({ criterionId: z.string(), title: z.string(), level: z.string(), points: z.number(), maxPoints: z.number(), comment: z.string() })),
});
export type RubricBreakdown = z.infer<typeof rubricBreakdownSchema>;

// ── templates (admin) ────────────────────────────────────────────────────────────────────────────

/** POST /api/rubric-templates (admin) { name, rubric } → 201 { message: 'Rubric template saved', templates }. 400 fields. */
export const createRubricTemplateRequestSchema = z.object({
  name: text({ error: RUBRIC_MESSAGES.nameRequired }).trim().min(1, RUBRIC_MESSAGES.nameRequired).max(200, 'Name must be at most 200 characters'),
  rubric: setRubricRequestSchema,
});
export type CreateRubricTemplateRequest = z.infer<typeof createRubricTemplateRequestSchema>;

export const rubricTemplateSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(['levels', 'checklist']), criteria: z.array(rubricCriterionSchema), createdAt: z.string() });
export type RubricTemplate = z.infer<typeof rubricTemplateSchema>;

/** GET /api/rubric-templates (admin) → { templates } by name. */
export const rubricTemplatesResponseSchema = z.object({ message: z.string().optional(), templates: z.array(rubricTemplateSchema) });
export type RubricTemplatesResponse = z.infer<typeof rubricTemplatesResponseSchema>;

/** POST /api/items/:itemId/rubric/copy (admin) { templateId } → { message, item, rubric }: the template's criteria as the item's next rubric version. 404 item or template. */
export const copyRubricTemplateRequestSchema = z.object({ templateId: z.uuid({ error: 'Choose a template' }) });
export type CopyRubricTemplateRequest = z.infer<typeof copyRubricTemplateRequestSchema>;
