import { useReducer, useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { ENROLLMENT_MESSAGES, enrollStudentRequestSchema, type EnrollStudentRequest, type Program, type StudentSummary, type Subject } from '@academy/contracts';
import { SelectField, Spinner } from '@academy/ui';
import { DialogForm, FormDialog, PROGRAM_TYPE_LABELS, useEnrollStudentMutation, useProgramsQuery, useStudentsQuery, useSubjectsQuery } from '@academy/web-dashboard';
import { errorMessage, useCommand } from '@academy/web-session';

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
  const studentOptions = [{ value: '', label: students.length ? 'Select a student' : 'No students yet' }, ...students.map((s) => ({ value: s.id, label: `${s.fullName || s.email} (${s.email})` }))];
  const programOptions = [{ value: '', label: programs.length ? 'Select a program' : 'No programs yet' }, ...programs.map((p) => ({ value: p.id, label: `${p.name} (${PROGRAM_TYPE_LABELS[p.type]})` }))];
  const subjectPrompt = !values.programId ? 'Select a program first' : cohorts.length ? 'Select a subject' : 'This program has no subjects';
  const subjectOptions = [{ value: '', label: subjectPrompt }, ...cohorts.map((s) => ({ value: s.id, label: s.name }))];
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
    <DialogForm command={{ onSubmit: (e) => void submit(e), busy: save.busy }} submit="Enroll">
      <SelectField id="enroll-student" label="Student" required value={values.studentId} options={studentOptions} error={errors.studentId} onValueChange={set('studentId')} />
      <SelectField id="enroll-program" label="Program" required value={values.programId} options={programOptions} error={errors.programId} onValueChange={set('programId')} />
      <SelectField
        id="enroll-subject"
        label="Subject (Cohort)"
        required
        value={values.subjectId}
        options={subjectOptions}
        error={errors.subjectId}
        disabled={!values.programId}
        onValueChange={set('subjectId')}
      />
    </DialogForm>
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
