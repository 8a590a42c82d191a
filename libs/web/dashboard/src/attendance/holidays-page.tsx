import { useState } from 'react';
import { CalendarPlus, Trash2 } from 'lucide-react';
import { addNonTeachingDayRequestSchema, ATTENDANCE_LIMITS, ATTENDANCE_MESSAGES } from '@academy/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, FormField, SelectField, SubmitButton } from '@academy/ui';
import { useCommand, useCommandForm } from '@academy/web-session';
import { useAddNonTeachingDayMutation, useFillNonTeachingDaysMutation, useNonTeachingDaysQuery, useRemoveNonTeachingDayMutation } from '../api/attendance';
import { formatDate } from '../format';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';

function AddDayForm({ year }: { year: number }) {
  const add = useAddNonTeachingDayMutation();
  const send = useCommandForm(addNonTeachingDayRequestSchema, { date: '', name: '' }, (v) => add.mutateAsync(v), { success: ATTENDANCE_MESSAGES.holidayAdded, failure: 'Failed to add the day', onSuccess: (): void => send.form.reset({ date: '', name: '' }) });
  return (
    <form className="flex flex-wrap items-start gap-3" onSubmit={send.onSubmit} noValidate aria-label="Add a non-teaching day">
      <FormField label="Date" type="date" required min={`${year}-01-01`} max={`${year}-12-31`} registration={send.form.register('date')} error={send.errors.date} />
      <FormField label="Name" required autoComplete="off" maxLength={ATTENDANCE_LIMITS.holidayName} registration={send.form.register('name')} error={send.errors.name} fieldClassName="min-w-48 flex-1" />
      <SubmitButton className="mt-6" busy={send.busy} busyLabel="Adding...">
        <CalendarPlus aria-hidden="true" />
        Add day
      </SubmitButton>
    </form>
  );
}

/** Holidays (admin): the academy's non-teaching days of a year; South Africa's and Zimbabwe's public holidays filled in once, then edited. */
export function HolidaysPage() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const days = useNonTeachingDaysQuery(year);
  const fill = useFillNonTeachingDaysMutation();
  const remove = useRemoveNonTeachingDayMutation();
  const fillIt = useCommand(() => fill.mutateAsync(year), { failure: 'Failed to add the public holidays' });
  const removeIt = useCommand((date: string) => remove.mutateAsync(date), { failure: 'Failed to remove the day' });
  return (
    <>
      <PageHeader title="Holidays" description="No session is scheduled on a non-teaching day. A schedule fills in the public holidays of its years by itself." />
      <div className="grid gap-6">
        <SelectField label="Year" value={String(year)} onValueChange={(v) => setYear(Number(v))} options={[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => ({ value: String(y), label: String(y) }))} fieldClassName="w-40" />
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Non-teaching days of {year}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <QueryView query={days} pending="Loading days…" error="The non-teaching days could not be loaded." compact>
              {(d) => (
                <div className="grid gap-4">
                  {!d.filled && (
                    <Button className="w-fit" variant="outline" disabled={fillIt.busy} onClick={() => void fillIt.run()}>
                      {fillIt.busy ? 'Adding...' : `Add the public holidays of South Africa and Zimbabwe for ${year}`}
                    </Button>
                  )}
                  {d.days.length === 0 ? (
                    <p className="text-muted-foreground">No non-teaching days in {year}</p>
                  ) : (
                    <ul className="grid gap-1" aria-label={`Non-teaching days of ${year}`}>
                      {d.days.map((day) => (
                        <li key={day.date} className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
                          <time dateTime={day.date} className="w-28 font-medium">
                            {formatDate(`${day.date}T12:00:00Z`)}
                          </time>
                          <span className="min-w-0 flex-1">{day.name}</span>
                          <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`Remove ${day.name} on ${day.date}`} disabled={removeIt.busy} onClick={() => void removeIt.run(day.date)}>
                            <Trash2 aria-hidden="true" />
                            Remove
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                  <AddDayForm year={year} />
                </div>
              )}
            </QueryView>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
