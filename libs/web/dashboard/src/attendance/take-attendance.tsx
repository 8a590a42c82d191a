import { useState, type KeyboardEvent } from 'react';
import { ATTENDANCE_LIMITS, ATTENDANCE_STATUS_KEYS, ATTENDANCE_STATUS_LABELS, ATTENDANCE_STATUSES, type AttendanceSheet, type AttendanceStatus } from '@academy/contracts';
import { Button, cn } from '@academy/ui';
import { useCommand } from '@academy/web-session';
import { useRecordAttendanceMutation } from '../api/attendance';
import { formatDateTime } from '../format';

type Marks = Record<string, { status: AttendanceStatus; note: string }>;

const KEY_TO_STATUS = new Map(ATTENDANCE_STATUSES.map((s) => [ATTENDANCE_STATUS_KEYS[s], s]));

/** Everyone present unless marked otherwise: the roll starts from the saved marks. */
export const initialMarks = (sheet: AttendanceSheet): Marks => Object.fromEntries(sheet.students.map((s) => [s.studentId, { status: s.status ?? 'present', note: s.note }]));

const TONE: Record<AttendanceStatus, string> = {
  present: 'peer-checked:bg-primary peer-checked:text-primary-foreground',
  late: 'peer-checked:bg-amber-600 peer-checked:text-white',
  absent: 'peer-checked:bg-destructive peer-checked:text-white',
  excused: 'peer-checked:bg-sky-700 peer-checked:text-white',
};

/**
 * One session's roll on one screen: a row per student, four choices each. Keyboard: Tab from row to
 * row, P, L, A or E marks the row (arrows work too, as in any radio group); an excused row gets a note
 * field next in the Tab order; Ctrl+Enter saves. On a phone: one tap per student who is not present.
 */
export function TakeAttendance({ sheet }: { sheet: AttendanceSheet }) {
  const [marks, setMarks] = useState<Marks>(() => initialMarks(sheet));
  const record = useRecordAttendanceMutation();
  const save = useCommand((m: Marks) => record.mutateAsync({ sessionId: sheet.session.id, marks: Object.entries(m).map(([studentId, v]) => ({ studentId, status: v.status, note: v.status === 'excused' ? v.note : '' })) }), {
    failure: 'Failed to save attendance',
  });
  const set = (studentId: string, change: Partial<Marks[string]>) => setMarks((m) => ({ ...m, [studentId]: { ...m[studentId]!, ...change } }));
  const onRowKey = (studentId: string) => (e: KeyboardEvent<HTMLFieldSetElement>) => {
    if (e.target instanceof HTMLInputElement && e.target.type === 'text') return;
    const status = KEY_TO_STATUS.get(e.key.toLowerCase());
    if (!status || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    set(studentId, { status });
    e.currentTarget.querySelector<HTMLInputElement>(`input[value="${status}"]`)?.focus();
  };
  const counts = ATTENDANCE_STATUSES.map((s) => `${Object.values(marks).filter((m) => m.status === s).length} ${ATTENDANCE_STATUS_LABELS[s].toLowerCase()}`).join(' · ');
  if (!sheet.students.length) return <p className="text-muted-foreground">No students are enrolled in this cohort.</p>;
  return (
    <form
      className="grid gap-3"
      aria-label="Take attendance"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(marks);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void save.run(marks);
        }
      }}
    >
      <p className="text-sm text-muted-foreground" id="attendance-keys">
        Everyone is present unless you mark them. Keys: P present, L late, A absent, E excused; Tab to the next student; Ctrl+Enter saves.
      </p>
      <ul className="grid gap-2" aria-describedby="attendance-keys">
        {sheet.students.map((s) => {
          const mark = marks[s.studentId]!;
          const name = s.fullName ?? 'A former student';
          return (
            <li key={s.studentId}>
              <fieldset className="flex flex-wrap items-center gap-2 rounded-md border p-2" onKeyDown={onRowKey(s.studentId)} data-student={name}>
                <legend className="sr-only">{name}</legend>
                <span aria-hidden="true" className="min-w-0 flex-1 basis-40 truncate font-medium">
                  {name}
                </span>
                <span className="flex gap-1">
                  {ATTENDANCE_STATUSES.map((status) => (
                    <label key={status} className="relative">
                      <input className="peer sr-only" type="radio" name={`mark-${s.studentId}`} value={status} checked={mark.status === status} onChange={() => set(s.studentId, { status })} aria-label={`${ATTENDANCE_STATUS_LABELS[status]}: ${name}`} />
                      <span className={cn('inline-flex h-9 min-w-9 cursor-pointer items-center justify-center rounded-md border px-2 text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring', TONE[status])} title={ATTENDANCE_STATUS_LABELS[status]}>
                        <span className="sm:hidden">{ATTENDANCE_STATUS_KEYS[status].toUpperCase()}</span>
                        <span className="hidden sm:inline">{ATTENDANCE_STATUS_LABELS[status]}</span>
                      </span>
                    </label>
                  ))}
                </span>
                {mark.status === 'excused' && (
                  <input
                    type="text"
                    className="h-9 min-w-0 flex-1 basis-full rounded-md border bg-background px-2 text-sm sm:basis-48"
                    aria-label={`Note for ${name}`}
                    placeholder="Note (why excused)"
                    maxLength={ATTENDANCE_LIMITS.note}
                    value={mark.note}
                    onChange={(e) => set(s.studentId, { note: e.target.value })}
                  />
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.busy}>
          {save.busy ? 'Saving...' : 'Save attendance'}
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {counts}
        </span>
      </div>
    </form>
  );
}

/** Who changed which mark, newest first: corrections stay visible. */
export function AttendanceHistory({ sheet }: { sheet: AttendanceSheet }) {
  if (!sheet.history.length) return <p className="text-muted-foreground">No attendance taken yet</p>;
  return (
    <ul className="grid gap-1 text-sm" aria-label="History of changes">
      {sheet.history.map((c, i) => (
        <li key={i}>
          <time dateTime={c.at}>{formatDateTime(c.at)}</time> · {c.byName ?? 'A former user'} marked {c.studentName ?? 'a former student'} {ATTENDANCE_STATUS_LABELS[c.to].toLowerCase()}
          {c.from && ` (was ${ATTENDANCE_STATUS_LABELS[c.from].toLowerCase()})`}
          {c.note && `: ${c.note}`}
        </li>
      ))}
    </ul>
  );
}
