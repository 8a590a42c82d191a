import { useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { UserPlus } from 'lucide-react';
import { ENROLLMENT_MESSAGES, enrollStudentRequestSchema, type EnrollStudentRequest, type Program, type StudentSummary, type Subject } from '@academy/contracts';
import { DialogFooter, Label, NativeSelect, Spinner, SubmitButton } from '@academy/ui';
import { FormDialog, useEnrollStudentMutation, useProgramsQuery, useStudentsQuery, useSubjectsQuery } from '@academy/web-dashboard';
import { errorMessage, useCommand } from '@academy/web-session';
import { PROGRAM_TYPE_LABELS } from './programs-page';

export type EnrollValues = EnrollStudentRequest;
export const ENROLL_DEFAULTS: EnrollValues = { studentId: '', programId: '', subjectId: '' };
type Field = keyof EnrollValues;

/**
 * The enroll form's values after one select changed (spec §5 Enroll): choosing another program
 * empties the subject (cohort), whose list depends on the program.
 */
export function enrollValuesReducer(values: EnrollValues, change: { field: Field; value: string }): EnrollValues {
  if (values[change.field] === change.value) return values;
  if (change.field === 'programId') return { ...values, programId: change.value, subjectId: '' };
  return { ...values, [change.field]: change.value };
}

/** The subjects (cohorts) offered for `programId`: none until a program is chosen. */
export const subjectsOfProgram = (subjects: readonly Subject[], programId: string): Subject[] => (programId ? subjects.filter((s) => s.programId === programId) : []);

/** The zod messages of `values` by field (empty when they are fine). */
export function enrollErrors(values: EnrollValues): Partial<Record<Field, string>> {
  const parsed = enrollStudentRequestSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

function SelectField({ id, label, value, error, disabled, onChange, children }: { id: string; label: string; value: string; error?: string; disabled?: boolean; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        required
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </NativeSelect>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export interface EnrollFormProps {
  students: readonly StudentSummary[];
  programs: readonly Program[];
  subjects: readonly Subject[];
  /** The values the form starts with (tests). */
  initial?: EnrollValues;
  onDone: () => void;
}

/** Student, program and the program's subject (cohort); all required. What was chosen stays on failure. */
export function EnrollForm({ students, programs, subjects, initial = ENROLL_DEFAULTS, onDone }: EnrollFormProps) {
  const enroll = useEnrollStudentMutation();
  const [values, change] = useReducer(enrollValuesReducer, initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const cohorts = subjectsOfProgram(subjects, values.programId);
  const set = (field: Field) => (value: string) => {
    change({ field, value });
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'programId' ? { subjectId: undefined } : {}) }));
  };
  const save = useCommand(enroll.mutateAsync, {
    success: ENROLLMENT_MESSAGES.studentEnrolled,
    failure: 'Failed to enroll student',
    // The API's field messages go under the selects, as the schema's do.
    form: { getValues: () => values, setError: (field, { message }) => setErrors((e) => ({ ...e, [field]: message })) },
    onSuccess: onDone,
  });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = enrollErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) await save.run(values);
  }
  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <SelectField id="enroll-student" label="Student" value={values.studentId} error={errors.studentId} onChange={set('studentId')}>
        <option value="">{students.length ? 'Select a student' : 'No students yet'}</option>
        {students.map((s) => (
          <option key={s.id} value={s.id}>
            {`${s.fullName || s.email} (${s.email})`}
          </option>
        ))}
      </SelectField>
      <SelectField id="enroll-program" label="Program" value={values.programId} error={errors.programId} onChange={set('programId')}>
        <option value="">{programs.length ? 'Select a program' : 'No programs yet'}</option>
        {programs.map((p) => (
          <option key={p.id} value={p.id}>
            {`${p.name} (${PROGRAM_TYPE_LABELS[p.type]})`}
          </option>
        ))}
      </SelectField>
      <SelectField id="enroll-subject" label="Subject (Cohort)" value={values.subjectId} error={errors.subjectId} disabled={!values.programId} onChange={set('subjectId')}>
        <option value="">{!values.programId ? 'Select a program first' : cohorts.length ? 'Select a subject' : 'This program has no subjects'}</option>
        {cohorts.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <DialogFooter>
        <SubmitButton busy={save.busy} busyLabel="Saving...">Enroll</SubmitButton>
      </DialogFooter>
    </form>
  );
}

export function EnrollDialog() {
  const students = useStudentsQuery();
  const programs = useProgramsQuery();
  const subjects = useSubjectsQuery();
  const failed = [students, programs, subjects].find((q) => q.isError);
  const body = (close: () => void) => {
    if (failed) return <p role="alert" className="text-sm text-destructive">{errorMessage(failed.error, 'The students, programs or subjects could not be loaded.')}</p>;
    if (!students.data || !programs.data || !subjects.data) return <Spinner className="py-6" label="Loading…" />;
    return <EnrollForm students={students.data.students} programs={programs.data.programs} subjects={subjects.data.subjects} onDone={close} />;
  };
  return (
    <FormDialog
      opener={{ icon: UserPlus, label: 'Enroll Student' }}
      description="The enrollment starts as pending, in week 1. Set it to active when the student starts."
    >
      {body}
    </FormDialog>
  );
}
