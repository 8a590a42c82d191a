import { useState } from 'react';
import { z } from 'zod';
import { CalendarX2, Download, MoveRight } from 'lucide-react';
import { ATTENDANCE_LIMITS, ATTENDANCE_MESSAGES, type ClassSession, cancelSessionRequestSchema, moveSessionRequestSchema, type ScheduledSubject } from '@academy/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, FormTextareaField } from '@academy/ui';
import { useCommand, useCommandForm } from '@academy/web-session';
import { useAttendanceCsvDownload, useCancelSessionMutation, useClassSessionsQuery, useMoveSessionMutation } from '../api/attendance';
import { saveBlob } from '../api/certificates';
import { academyZoneLabel, formatDueDate, fromDueDateInput, toDueDateInput } from '../format';
import { DialogForm, FormDialog } from '../form-dialog';
import { QueryView } from '../query-view';

/** "Lecture · Week 2 · 9 Nov 2026, 18:00 Johannesburg time": a session as every list names it. */
export const sessionLabel = (s: ClassSession) => `${s.kind === 'lecture' ? 'Lecture' : 'Support'} · Week ${s.week} · ${formatDueDate(s.startsAt)}`;

function CancelSessionForm({ session, close }: { session: ClassSession; close: () => void }) {
  const cancel = useCancelSessionMutation();
  const send = useCommandForm(cancelSessionRequestSchema, { reason: '' }, (v) => cancel.mutateAsync({ sessionId: session.id, ...v }), { success: ATTENDANCE_MESSAGES.sessionCancelled, failure: 'Failed to cancel the session', onSuccess: close });
  return (
    <DialogForm command={send} submit="Cancel session" busyLabel="Cancelling..." variant="destructive">
      <FormTextareaField label="Reason (sent to the students)" required rows={3} maxLength={ATTENDANCE_LIMITS.reason} registration={send.form.register('reason')} error={send.errors.reason} />
    </DialogForm>
  );
}

const moveFormSchema = moveSessionRequestSchema.extend({ startsAt: z.string().min(1, 'Enter the new date and time') });

function MoveSessionForm({ session, close }: { session: ClassSession; close: () => void }) {
  const move = useMoveSessionMutation();
  const send = useCommandForm(moveFormSchema, { startsAt: toDueDateInput(session.startsAt), reason: '' }, (v) => move.mutateAsync({ sessionId: session.id, reason: v.reason, startsAt: fromDueDateInput(v.startsAt) ?? v.startsAt }), {
    success: ATTENDANCE_MESSAGES.sessionMoved,
    failure: 'Failed to move the session',
    onSuccess: close,
  });
  return (
    <DialogForm command={send} submit="Move session" busyLabel="Moving...">
      <FormField label={`New start (${academyZoneLabel()})`} type="datetime-local" required registration={send.form.register('startsAt')} error={send.errors.startsAt} />
      <FormTextareaField label="Reason (sent to the students)" required rows={3} maxLength={ATTENDANCE_LIMITS.reason} registration={send.form.register('reason')} error={send.errors.reason} />
    </DialogForm>
  );
}

function SessionRow({ session: s }: { session: ClassSession }) {
  const label = sessionLabel(s);
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
      <span className="min-w-0 flex-1 basis-56">{label}</span>
      {s.status !== 'scheduled' && <Badge variant={s.status === 'cancelled' ? 'destructive' : 'secondary'}>{s.status === 'cancelled' ? 'Cancelled' : 'Moved'}</Badge>}
      {s.reason && <span className="basis-full text-muted-foreground">{s.reason}</span>}
      {s.status !== 'cancelled' && (
        <span className="flex gap-1">
          <FormDialog opener={{ icon: MoveRight, label: 'Move', variant: 'ghost', size: 'sm', 'aria-label': `Move ${label}` }} title="Move session" description={`${label}. The students are told by bell and mail.`}>
            {(close) => <MoveSessionForm session={s} close={close} />}
          </FormDialog>
          <FormDialog opener={{ icon: CalendarX2, label: 'Cancel', variant: 'ghost', size: 'sm', className: 'text-destructive hover:text-destructive', 'aria-label': `Cancel ${label}` }} title="Cancel session" description={`${label}. The students are told by bell and mail.`}>
            {(close) => <CancelSessionForm session={s} close={close} />}
          </FormDialog>
        </span>
      )}
    </li>
  );
}

/** A cohort's attendance in a period as CSV (times in the academy's zone), for funders. */
function AttendanceCsvExport({ subjectId, subjectName }: { subjectId: string; subjectName: string }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const download = useAttendanceCsvDownload();
  const run = useCommand(() => download.mutateAsync({ subjectId, from, to }), {
    failure: 'Failed to export attendance',
    onSuccess: (csv) => saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `attendance-${subjectName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'cohort'}.csv`),
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm">
        From
        <input type="date" className="h-9 rounded-md border bg-background px-2" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="grid gap-1 text-sm">
        To
        <input type="date" className="h-9 rounded-md border bg-background px-2" value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <Button variant="outline" disabled={run.busy} onClick={() => void run.run()}>
        <Download aria-hidden="true" />
        {run.busy ? 'Exporting...' : 'Export CSV'}
      </Button>
    </div>
  );
}

/** The cohort's coming sessions (the next twenty), each to cancel or move with a reason. */
function UpcomingSessions({ subjectId }: { subjectId: string }) {
  const sessions = useClassSessionsQuery(subjectId);
  return (
    <QueryView query={sessions} pending="Loading sessions…" error="The sessions could not be loaded." compact>
      {({ sessions: all }) => {
        const upcoming = all.filter((s) => Date.parse(s.endsAt) > Date.now()).slice(0, 20);
        return upcoming.length === 0 ? <p className="text-muted-foreground">{ATTENDANCE_MESSAGES.noSessions}</p> : <ul className="grid gap-2" aria-label="Upcoming sessions">{upcoming.map((s) => <SessionRow key={s.id} session={s} />)}</ul>;
      }}
    </QueryView>
  );
}

/** A cohort's coming sessions to move or cancel, and its attendance CSV: the teacher's Attendance and the admin's Schedules. */
export function ComingSessionsCard({ subject }: { subject: ScheduledSubject }) {
  return (
    <Card className="min-w-0 content-start">
      <CardHeader>
        <CardTitle>
          <h2>Coming sessions</h2>
        </CardTitle>
        <CardDescription>Move or cancel one with a reason: the students are told by bell and mail.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {subject.schedule ? <UpcomingSessions subjectId={subject.id} /> : <p className="text-muted-foreground">{ATTENDANCE_MESSAGES.noSchedule}</p>}
        <AttendanceCsvExport subjectId={subject.id} subjectName={subject.name} />
      </CardContent>
    </Card>
  );
}
