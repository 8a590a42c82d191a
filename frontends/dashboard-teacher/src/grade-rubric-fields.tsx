import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { gradeSubmissionRequestSchema, RUBRIC_MESSAGES, type Rubric, type Submission } from '@academy/contracts';
import { FormSelectField, FormTextareaField } from '@academy/ui';

// Grading with the item's rubric (issue 30 §2): a level per criterion and an optional comment each; the
// score the levels make is shown before saving. The server computes the score again (ADR 0044).

export const gradeFormSchema = gradeSubmissionRequestSchema.omit({ expectedVersion: true });
export type GradeFormInput = z.input<typeof gradeFormSchema>;
export type GradeForm = UseFormReturn<GradeFormInput, unknown, z.output<typeof gradeFormSchema>>;

/** '' (no level chosen yet) is none: the schema asks for one. */
const levelFromInput = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The levels and comments of the grade when it used this version of the rubric; none chosen otherwise. */
export function rubricDefaults(rubric: Rubric, grade: Submission['grade']): NonNullable<GradeFormInput['rubric']> {
  const used = grade?.rubric?.version === rubric.version ? grade.rubric : null;
  return {
    version: rubric.version,
    selections: rubric.criteria.map((c) => {
      const given = used?.criteria.find((g) => g.criterionId === c.id);
      const level = given ? c.levels.findIndex((l) => l.label === given.level) : -1;
      return { criterionId: c.id, level: level >= 0 ? level : (undefined as unknown as number), comment: given?.comment ?? '' };
    }),
  };
}

/** The points chosen over the best, scaled to 100, two decimals (as the server computes it); null until every level is chosen. */
export function previewScore(rubric: Rubric, levels: readonly (number | undefined)[]): number | null {
  let got = 0;
  let best = 0;
  for (const [i, c] of rubric.criteria.entries()) {
    const level = levels[i] === undefined ? undefined : c.levels[levels[i]!];
    if (!level) return null;
    got += level.points;
    best += Math.max(...c.levels.map((l) => l.points));
  }
  return best === 0 ? null : Math.round((got / best) * 10000) / 100;
}

export function RubricFields({ form, rubric }: { form: GradeForm; rubric: Rubric }) {
  const levels = form.watch('rubric.selections')?.map((s) => (typeof s.level === 'number' && !Number.isNaN(s.level) ? s.level : undefined)) ?? [];
  const score = previewScore(rubric, levels);
  const errors = form.formState.errors.rubric;
  return (
    <section aria-label="Rubric" className="grid gap-3 rounded-md border p-3">
      <h3 className="text-xs font-medium text-muted-foreground uppercase">{`Rubric (version ${rubric.version})`}</h3>
      {rubric.criteria.map((c, i) => (
        <div key={c.id} className="grid gap-2" data-testid="grade-criterion">
          <FormSelectField
            label={c.title}
            required
            hint={c.description || undefined}
            options={[{ value: '', label: RUBRIC_MESSAGES.chooseLevel }, ...c.levels.map((l, n) => ({ value: String(n), label: `${l.label} (${l.points} points)${l.description ? `: ${l.description}` : ''}` }))]}
            registration={form.register(`rubric.selections.${i}.level`, { setValueAs: levelFromInput })}
            error={errors?.selections?.[i]?.level}
          />
          <FormTextareaField label={`Comment on ${c.title}`} rows={2} registration={form.register(`rubric.selections.${i}.comment`)} error={errors?.selections?.[i]?.comment} />
        </div>
      ))}
      {errors?.message && <p className="text-sm text-destructive">{errors.message}</p>}
      <p className="text-sm font-medium tabular-nums" data-testid="rubric-score" aria-live="polite">
        {RUBRIC_MESSAGES.computedScore(score === null ? '—' : String(score))}
      </p>
    </section>
  );
}
