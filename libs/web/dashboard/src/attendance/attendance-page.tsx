import { useState } from 'react';
import { ATTENDANCE_MESSAGES } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, SelectField } from '@academy/ui';
import { useAttendanceSheetQuery, useClassSessionsQuery, useScheduledSubjectsQuery } from '../api/attendance';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';
import { ComingSessionsCard, sessionLabel } from './sessions-panel';
import { AttendanceHistory, TakeAttendance } from './take-attendance';

/** The sessions that have started and were not cancelled, newest first (the latest chosen first), and the roll of the chosen one. */
function Roll({ subjectId }: { subjectId: string }) {
  const sessions = useClassSessionsQuery(subjectId);
  const [picked, setPicked] = useState('');
  return (
    <QueryView query={sessions} pending="Loading sessions…" error="The sessions could not be loaded." compact>
      {({ sessions: all }) => {
        const started = all.filter((s) => s.status !== 'cancelled' && Date.parse(s.startsAt) <= Date.now()).reverse();
        const chosen = started.some((s) => s.id === picked) ? picked : (started[0]?.id ?? '');
        return started.length === 0 ? (
          <p className="text-muted-foreground">{ATTENDANCE_MESSAGES.noSessions}</p>
        ) : (
          <div className="grid gap-4">
            <SelectField label="Session" value={chosen} onValueChange={setPicked} options={started.map((s) => ({ value: s.id, label: `${sessionLabel(s)}${s.marked ? ` (${s.marked} marked)` : ''}` }))} />
            <Sheet sessionId={chosen} />
          </div>
        );
      }}
    </QueryView>
  );
}

function Sheet({ sessionId }: { sessionId: string }) {
  const sheet = useAttendanceSheetQuery(sessionId);
  return (
    <QueryView query={sheet} pending="Loading the roll…" error="The roll could not be loaded." compact>
      {({ sheet: s }) => (
        <div className="grid gap-6">
          <TakeAttendance key={`${s.session.id}-${s.history.length}`} sheet={s} />
          <section aria-labelledby="attendance-history" className="grid gap-2">
            <h2 id="attendance-history" className="text-lg font-semibold">
              History
            </h2>
            <AttendanceHistory sheet={s} />
          </section>
        </div>
      )}
    </QueryView>
  );
}

/** Attendance (teacher): take the roll of a session of one of their cohorts, move or cancel a coming one, export the CSV. */
export function AttendancePage() {
  const subjects = useScheduledSubjectsQuery();
  const [subjectId, setSubjectId] = useState('');
  return (
    <>
      <PageHeader title="Attendance" description="Take the roll of a session: everyone is present unless you mark them late, absent or excused." />
      <QueryView query={subjects} pending="Loading your subjects…" error="Your subjects could not be loaded." isEmpty={(d) => d.subjects.length === 0} empty="You are not assigned to any subject">
        {({ subjects: list }) => {
          const subject = list.find((s) => s.id === subjectId) ?? list[0]!;
          return (
            <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <Card className="min-w-0">
                <CardHeader>
                  <CardTitle>
                    <h2>Roll</h2>
                  </CardTitle>
                  <CardDescription>{subject.schedule ? `${subject.programName}, week ${subject.currentWeek} of ${subject.schedule.weeks}` : ATTENDANCE_MESSAGES.noSchedule}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <SelectField label="Subject" value={subject.id} onValueChange={setSubjectId} options={list.map((s) => ({ value: s.id, label: s.name }))} />
                  {subject.schedule && <Roll key={subject.id} subjectId={subject.id} />}
                </CardContent>
              </Card>
              <ComingSessionsCard subject={subject} />
            </div>
          );
        }}
      </QueryView>
    </>
  );
}
