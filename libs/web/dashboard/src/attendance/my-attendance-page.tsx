import { TriangleAlert } from 'lucide-react';
import { ATTENDANCE_MESSAGES, ATTENDANCE_STATUS_LABELS } from '@academy/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@academy/ui';
import { useMyAttendanceQuery } from '../api/attendance';
import { formatDueDate } from '../format';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';

const rateText = (rate: number | null) => (rate === null ? '—' : `${rate}%`);

/** My Attendance (student): the rate, a flag under the academy's threshold, and each week's sessions. */
export function MyAttendancePage() {
  const mine = useMyAttendanceQuery();
  return (
    <>
      <PageHeader title="My Attendance" description="Present and late count as attended; an excused session does not count against you." />
      <QueryView query={mine} pending="Loading your attendance…" error="Your attendance could not be loaded.">
        {(a) => (
          <div className="grid gap-6">
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>Attendance rate</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                <p className="text-4xl font-semibold" aria-label={`Attendance rate ${rateText(a.rate)}`}>
                  {rateText(a.rate)}
                </p>
                {a.flagged && (
                  <p role="alert" className="flex items-center gap-2 rounded-md border border-destructive p-3 text-destructive">
                    <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
                    {ATTENDANCE_MESSAGES.belowThreshold(a.threshold)}
                  </p>
                )}
              </CardContent>
            </Card>
            {a.weeks.length === 0 ? (
              <p className="text-muted-foreground">{ATTENDANCE_MESSAGES.noAttendance}</p>
            ) : (
              <section aria-labelledby="attendance-weeks" className="grid gap-3">
                <h2 id="attendance-weeks" className="text-lg font-semibold">
                  By week
                </h2>
                {a.weeks.map((w) => (
                  <Card key={w.week}>
                    <CardHeader>
                      <CardTitle className="flex flex-wrap items-center gap-2">
                        <h3>Week {w.week}</h3>
                        <Badge variant="secondary">{rateText(w.rate)}</Badge>
                      </CardTitle>
                    </CardHeader>
                    <CardContent>
                      <ul className="grid gap-1 text-sm" aria-label={`Week ${w.week}`}>
                        {w.sessions.map((s) => (
                          <li key={s.sessionId} className="flex flex-wrap justify-between gap-2">
                            <span>
                              {s.subjectName} · {s.kind === 'lecture' ? 'Lecture' : 'Support'} · {formatDueDate(s.startsAt)}
                            </span>
                            <span className="font-medium">{ATTENDANCE_STATUS_LABELS[s.status]}</span>
                          </li>
                        ))}
                      </ul>
                    </CardContent>
                  </Card>
                ))}
              </section>
            )}
          </div>
        )}
      </QueryView>
    </>
  );
}
