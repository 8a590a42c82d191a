import { ListChecks, Plus } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { levelsRubricRequestSchema, RUBRIC_MESSAGES, type ItemRubricResponse, type LevelsRubricRequest } from '@academy/contracts';
import { Button } from '@academy/ui';
import { DialogForm, FormDialog, QueryView, useItemRubricQuery, useSetRubricMutation } from '@academy/web-dashboard';
import { useCommandForm } from '@academy/web-session';
import { CriterionFields } from './rubric-criterion-fields';

const emptyCriterion = () => ({ title: '', description: '', levels: [{ label: '', points: 0, description: '' }] });

/** The form starts from the current rubric (a checklist's items as criteria of two levels), or one empty criterion. */
const defaultsOf = (rubric: ItemRubricResponse['rubric']): LevelsRubricRequest => ({
  kind: 'levels',
  criteria: rubric ? rubric.criteria.map(({ title, description, levels }) => ({ title, description, levels })) : [emptyCriterion()],
});

function RubricForm({ data, onDone }: { data: ItemRubricResponse; onDone: () => void }) {
  const save = useSetRubricMutation();
  const send = useCommandForm(levelsRubricRequestSchema, defaultsOf(data.rubric), (rubric) => save.mutateAsync({ itemId: data.item.id, rubric }), {
    success: RUBRIC_MESSAGES.saved,
    failure: 'Failed to save the rubric',
    fields: ['criteria'],
    onSuccess: onDone,
  });
  const criteria = useFieldArray({ control: send.form.control, name: 'criteria' });
  const rootError = send.errors.criteria?.root ?? (send.errors.criteria?.message ? send.errors.criteria : undefined);
  return (
    <DialogForm command={send} submit="Save Rubric">
      <p className="text-sm text-muted-foreground">
        {data.rubric ? `Version ${data.rubric.version}. Saving a change makes a new version; grades keep the version they used.` : 'The score is the points chosen over the best possible, scaled to 100.'}
      </p>
      {criteria.fields.map((c, i) => (
        <CriterionFields key={c.id} form={send.form} index={i} onRemove={criteria.fields.length > 1 ? () => criteria.remove(i) : undefined} />
      ))}
      {rootError?.message && (
        <p role="alert" className="text-sm text-destructive">
          {rootError.message}
        </p>
      )}
      <Button type="button" size="sm" variant="outline" onClick={() => criteria.append(emptyCriterion())}>
        <Plus aria-hidden="true" />
        Add a criterion
      </Button>
    </DialogForm>
  );
}

function RubricContent({ itemId, onDone }: { itemId: string; onDone: () => void }) {
  const query = useItemRubricQuery(itemId);
  return (
    <QueryView query={query} pending="Loading the rubric…" error="The rubric could not be loaded.">
      {(data) => <RubricForm data={data} onDone={onDone} />}
    </QueryView>
  );
}

/** An item's Rubric (issue 30 §2): criteria, each with levels of points; grading with it computes the score. */
export function RubricDialog({ itemId, title }: { itemId: string; title: string }) {
  return (
    <FormDialog opener={{ icon: ListChecks, label: 'Rubric', size: 'sm', variant: 'outline', 'aria-label': `Rubric for ${title}` }} description={title} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
      {(close) => <RubricContent itemId={itemId} onDone={close} />}
    </FormDialog>
  );
}
