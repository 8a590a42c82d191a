import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { LevelsRubricRequest, levelsRubricRequestSchema } from '@academy/contracts';
import { Button, FormField } from '@academy/ui';

export type RubricForm = UseFormReturn<z.input<typeof levelsRubricRequestSchema>, unknown, LevelsRubricRequest>;

/** '' is no number (the schema says so); anything else is read as one. */
const pointsFromInput = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** One criterion of the Rubric dialog: title, description and its levels (label, points, description). */
export function CriterionFields({ form, index, onRemove }: { form: RubricForm; index: number; onRemove?: () => void }) {
  const levels = useFieldArray({ control: form.control, name: `criteria.${index}.levels` });
  const errors = form.formState.errors.criteria?.[index];
  const n = index + 1;
  return (
    <fieldset className="grid gap-2 rounded-md border p-3" data-testid="rubric-criterion-fields">
      <legend className="px-1 text-sm font-medium">{`Criterion ${n}`}</legend>
      <FormField label={`Criterion ${n} title`} required registration={form.register(`criteria.${index}.title`)} error={errors?.title} />
      <FormField label={`Criterion ${n} description`} registration={form.register(`criteria.${index}.description`)} error={errors?.description} />
      {levels.fields.map((level, l) => (
        <div key={level.id} className="grid gap-2 sm:grid-cols-[2fr_1fr_3fr_auto] sm:items-end">
          <FormField label={`Criterion ${n} level ${l + 1} label`} required registration={form.register(`criteria.${index}.levels.${l}.label`)} error={errors?.levels?.[l]?.label} />
          <FormField
            label={`Criterion ${n} level ${l + 1} points`}
            type="number"
            min={0}
            step={1}
            required
            registration={form.register(`criteria.${index}.levels.${l}.points`, { setValueAs: pointsFromInput })}
            error={errors?.levels?.[l]?.points}
          />
          <FormField label={`Criterion ${n} level ${l + 1} description`} registration={form.register(`criteria.${index}.levels.${l}.description`)} error={errors?.levels?.[l]?.description} />
          <Button type="button" size="sm" variant="ghost" disabled={levels.fields.length <= 1} aria-label={`Remove level ${l + 1} of criterion ${n}`} onClick={() => levels.remove(l)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {errors?.levels?.root && <p className="text-sm text-destructive">{errors.levels.root.message}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => levels.append({ label: '', points: 0, description: '' })}>
          <Plus aria-hidden="true" />
          {`Add a level to criterion ${n}`}
        </Button>
        {onRemove && (
          <Button type="button" size="sm" variant="ghost" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            {`Remove criterion ${n}`}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
