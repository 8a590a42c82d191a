import { useState } from 'react';
import { z } from 'zod';
import { ATTENDANCE_MESSAGES, DEFAULT_SCHEDULES, type ScheduledSubject, setScheduleRequestSchema } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, SelectField, SubmitButton } from '@academy/ui';
import { useCommandForm } from '@academy/web-session';
import { useScheduledSubjectsQuery, useSetScheduleMutation } from '../api/attendance';
import { academyZoneLabel, PROGRAM_TYPE_LABELS } from '../format';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';
import { ComingSessionsCard } from './sessions-panel';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

// The form holds the weekdays as checkboxes (strings) and the minutes as typed; the contract checks the rest.
const formSchema = setScheduleRequestSchema.extend({
  weekdays: z.array(z.string()).transform((d) => d.map(Number)).pipe(setScheduleRequestSchema.shape.weekdays),
  lectureMinutes: z.coerce.number({ error: 'Enter the lecture length in minutes' }).pipe(setScheduleRequestSchema.shape.lectureMinutes),
  supportMinutes: z.coerce.number({ error: 'Enter the support length in minutes' }).pipe(setScheduleRequestSchema.shape.supportMinutes),
});
type ScheduleForm = z.input<typeof formSchema>;

/** The saved schedule, or the programme type's default (evening Mon–Fri 1 h; daytime lecture 1 h + support 8 h). */
function defaultsOf(subject: ScheduledSubject): ScheduleForm {
  const base = subject.schedule ?? { ...DEFAULT_SCHEDULES[subject.programType ?? 'evening'], startDate: '' };
  return { startDate: base.startDate, weekdays: base.weekdays.map(String), startTime: base.startTime, lectureMinutes: base.lectureMinutes, supportMinutes: base.supportMinutes };
}

function ScheduleFormCard({ subject }: { subject: ScheduledSubject }) {
  const setSchedule = useSetScheduleMutation();
  const send = useCommandForm(formSchema, defaultsOf(subject), (v) => setSchedule.mutateAsync({ subjectId: subject.id, ...v }), { success: ATTENDANCE_MESSAGES.scheduleSaved, failure: 'Failed to save the schedule' });
  const { form, errors } = send;
  return (
    <form className="grid gap-4" onSubmit={send.onSubmit} noValidate aria-label={`Schedule of ${subject.name}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Start date" type="date" required registration={form.register('startDate')} error={errors.startDate} />
        <FormField label={`Start time (${academyZoneLabel()})`} type="time" required registration={form.register('startTime')} error={errors.startTime} />
        <FormField label="Lecture (minutes)" type="number" inputMode="numeric" required registration={form.register('lectureMinutes')} error={errors.lectureMinutes} />
        <FormField label="Support after the lecture (minutes, 0 for none)" type="number" inputMode="numeric" required registration={form.register('supportMinutes')} error={errors.supportMinutes} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Weekdays</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((d, i) => (
            <label key={d} className="flex items-center gap-1 text-sm">
              <input type="checkbox" value={String(i + 1)} {...form.register('weekdays')} />
              {d}
            </label>
          ))}
        </div>
        {errors.weekdays && (
          <p className="text-sm text-destructive" role="alert">
            {errors.weekdays.message ?? errors.weekdays.root?.message}
          </p>
        )}
      </fieldset>
      <p className="text-sm text-muted-foreground">Twenty weeks from the start date, without the non-teaching days. The week of the programme counts from the start date.</p>
      <SubmitButton className="w-fit" busy={send.busy} busyLabel="Saving...">
        Save schedule
      </SubmitButton>
    </form>
  );
}

/** Schedules (admin): each cohort's timetable, its coming sessions to move or cancel, and its attendance CSV. */
export function SchedulesPage() {
  const subjects = useScheduledSubjectsQuery();
  const [subjectId, setSubjectId] = useState('');
  return (
    <>
      <PageHeader title="Schedules" description="When each subject's cohort meets, in the academy's time zone; sessions on non-teaching days are left out." />
      <QueryView query={subjects} pending="Loading subjects…" error="The subjects could not be loaded." isEmpty={(d) => d.subjects.length === 0} empty="No subjects yet">
        {({ subjects: list }) => {
          const subject = list.find((s) => s.id === subjectId) ?? list[0]!;
          return (
            <div className="grid gap-6">
              <SelectField label="Subject" value={subject.id} onValueChange={setSubjectId} options={list.map((s) => ({ value: s.id, label: `${s.name} (${s.programName}${s.programType ? `, ${PROGRAM_TYPE_LABELS[s.programType].toLowerCase()}` : ''})` }))} />
              <div className="grid gap-6 xl:grid-cols-2">
                <Card className="min-w-0 content-start">
                  <CardHeader>
                    <CardTitle>
                      <h2>Timetable</h2>
                    </CardTitle>
                    <CardDescription>{subject.schedule ? `Week ${subject.currentWeek} of ${subject.schedule.weeks}` : `${ATTENDANCE_MESSAGES.noSchedule}: the ${subject.programType ?? 'evening'} programme's default is filled in.`}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ScheduleFormCard key={subject.id} subject={subject} />
                  </CardContent>
                </Card>
                <ComingSessionsCard subject={subject} />
              </div>
            </div>
          );
        }}
      </QueryView>
    </>
  );
}
