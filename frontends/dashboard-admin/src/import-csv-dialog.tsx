import { useId, useReducer } from 'react';
import { FileUp } from 'lucide-react';
import { ENROLLMENT_CSV_COLUMNS, ENROLLMENT_MESSAGES, type ImportEnrollmentsResponse } from '@academy/contracts';
import { Button, DataTable, DialogFooter, Input, Label, type DataColumn } from '@academy/ui';
import { FormDialog, useImportEnrollmentsMutation } from '@academy/web-dashboard';
import { ApiRequestError, errorMessage, useCommand } from '@academy/web-session';

export const CSV_HEADER = ENROLLMENT_CSV_COLUMNS.join(',');
export const CSV_SAMPLE = [CSV_HEADER, 'lerato@example.com,Web Development,Cohort A', 'tendai@example.com,Data Analytics,Cohort B'].join('\n');
const MAX_BYTES = 1_000_000;

/** The import dialog's state: the chosen file, the last check's report, and what is under way. */
export interface ImportState {
  fileName: string | null;
  csv: string | null;
  /** The report of the last check of this file (dry run), or of a refused apply. */
  report: ImportEnrollmentsResponse | null;
  busy: 'checking' | 'applying' | null;
  /** Why the file cannot be sent, or why the last call failed. */
  error: string | null;
}
export const IMPORT_START: ImportState = { fileName: null, csv: null, report: null, busy: null, error: null };

export type ImportAction =
  | { type: 'file'; fileName: string; csv: string | null; error?: string }
  | { type: 'busy'; busy: 'checking' | 'applying' }
  | { type: 'report'; report: ImportEnrollmentsResponse }
  | { type: 'failed'; error: string };

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    // Another file: the old report says nothing about it.
    case 'file':
      return { ...IMPORT_START, fileName: action.fileName, csv: action.csv, error: action.error ?? null };
    case 'busy':
      return { ...state, busy: action.busy, error: null };
    case 'report':
      return { ...state, busy: null, report: action.report, error: null };
    case 'failed':
      // A failed apply may have met a change since the check: check again before enrolling.
      return { ...state, busy: null, report: null, error: action.error };
  }
}

/** 'Check file' needs a readable file; 'Enroll all' a checked file without a single problem. */
export const canCheck = (s: ImportState) => s.csv !== null && s.busy === null;
export const canApply = (s: ImportState) => s.csv !== null && s.busy === null && s.report !== null && s.report.dryRun && s.report.problemCount === 0 && s.report.rows.length > 0;

type ReportRow = ImportEnrollmentsResponse['rows'][number];

const ROW_COLUMNS: DataColumn<ReportRow>[] = [
  { id: 'line', header: 'Line', cell: (row) => row.line, className: 'tabular-nums', hideOnCard: true },
  { id: 'email', header: 'Student email', cell: (row) => row.studentEmail },
  { id: 'program', header: 'Program', cell: (row) => row.program },
  { id: 'subject', header: 'Subject', cell: (row) => row.subject },
  {
    id: 'problems',
    header: 'Problems',
    cell: (row) => (row.problems.length ? <span className="text-destructive">{row.problems.join(' ')}</span> : <span className="text-muted-foreground">OK</span>),
    className: 'whitespace-normal',
  },
];

function Report({ report }: { report: ImportEnrollmentsResponse }) {
  return (
    <div className="grid gap-2">
      <p role="status" className={report.problemCount ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
        {report.problemCount
          ? `${report.problemCount} of ${report.rows.length} row${report.rows.length === 1 ? ' has' : 's have'} problems: fix the file and check it again. Nothing is enrolled until every row is fine.`
          : `All ${report.rows.length} row${report.rows.length === 1 ? ' is' : 's are'} fine.`}
      </p>
      <div className="max-h-64 overflow-auto">
        <DataTable
          label="Rows of the file"
          columns={ROW_COLUMNS}
          data={report.rows}
          getRowId={(row) => String(row.line)}
          rowTitle={(row) => `Line ${row.line}`}
          rowAttributes={(row) => ({ 'data-line': String(row.line), ...(row.problems.length ? { 'data-problems': String(row.problems.length) } : {}) })}
          empty="The file has no rows."
          titleLevel={3}
        />
      </div>
    </div>
  );
}

/** Why a check or an apply failed: an unreadable file (header, quotes, size) is refused with its reason under `csv`. */
function importFailure(error: unknown, dryRun: boolean): string {
  const fileProblem = error instanceof ApiRequestError ? error.fields.csv?.join(' ') : undefined;
  return fileProblem || errorMessage(error, dryRun ? 'The file could not be checked.' : ENROLLMENT_MESSAGES.importHasProblems);
}

/** Choose a CSV file, check it (dry run, row by row), then enroll every row at once. */
export function ImportCsvForm({ initial = IMPORT_START, onDone }: { initial?: ImportState; onDone: () => void }) {
  const importEnrollments = useImportEnrollmentsMutation();
  const [state, dispatch] = useReducer(importReducer, initial);
  const fileId = useId();

  async function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) return dispatch({ type: 'file', fileName: file.name, csv: null, error: 'The file is larger than 1 MB' });
    const csv = await file.text();
    dispatch({ type: 'file', fileName: file.name, csv: csv.trim() ? csv : null, error: csv.trim() ? undefined : 'The file is empty' });
  }

  const importCsv = useCommand(importEnrollments.mutateAsync, {
    // A check, or an apply refused for a problem found meanwhile, answers a report: no toast.
    success: (answer, { dryRun }) => (dryRun || answer.problemCount > 0 ? null : answer.message || ENROLLMENT_MESSAGES.imported(answer.enrolled)),
    onSuccess: (answer, { dryRun }) => (dryRun || answer.problemCount > 0 ? dispatch({ type: 'report', report: answer }) : onDone()),
    // A failed check is said under the file only; a failed apply is toasted too.
    failure: (error, { dryRun }) => (dryRun ? null : importFailure(error, dryRun)),
    onError: (error, { dryRun }) => dispatch({ type: 'failed', error: importFailure(error, dryRun) }),
  });

  function send(dryRun: boolean) {
    if (state.csv === null) return;
    dispatch({ type: 'busy', busy: dryRun ? 'checking' : 'applying' });
    void importCsv.run({ csv: state.csv, dryRun });
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-1 text-sm">
        <p>
          One enrollment per line, by the student&apos;s email and the program&apos;s and subject&apos;s names. The first line is the header{' '}
          <code className="rounded bg-muted px-1">{CSV_HEADER}</code>.
        </p>
        <p className="text-muted-foreground">For example:</p>
        <pre aria-label="Sample file" className="overflow-auto rounded-md bg-muted p-2 text-xs">
          {CSV_SAMPLE}
        </pre>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fileId}>CSV file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={state.error ? `${fileId}-error` : undefined}
          aria-invalid={state.error ? true : undefined}
          disabled={state.busy !== null}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {state.error && (
          <p id={`${fileId}-error`} role="alert" className="text-sm text-destructive">
            {state.error}
          </p>
        )}
      </div>
      {state.report && <Report report={state.report} />}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={!canCheck(state)} onClick={() => send(true)}>
          {state.busy === 'checking' ? 'Checking...' : 'Check file'}
        </Button>
        <Button type="button" disabled={!canApply(state)} onClick={() => send(false)}>
          {state.busy === 'applying' ? 'Enrolling...' : 'Enroll all'}
        </Button>
      </DialogFooter>
    </div>
  );
}

export function ImportCsvDialog() {
  return (
    <FormDialog
      opener={{ icon: FileUp, label: 'Import CSV', variant: 'outline' }}
      description="Enroll many students at once. Every row is checked first; nothing is enrolled while any row has a problem."
      className="sm:max-w-2xl"
    >
      {(close) => <ImportCsvForm onDone={close} />}
    </FormDialog>
  );
}
