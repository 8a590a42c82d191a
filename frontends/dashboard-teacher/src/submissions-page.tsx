import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Download } from 'lucide-react';
import { GRADE_STATUS_LABELS, GRADING_MESSAGES, WORK_KIND_LABELS, type Subject, type Submission } from '@academy/contracts';
import {
  Badge,
  Button,
  ErrorPanel,
  Label,
  NativeSelect,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '@academy/ui';
import { NOT_YET, PageHeader, formatDate, useGradesCsvDownload, useMySubjectsQuery, useTeacherSubmissionsQuery } from '@academy/web-dashboard';
import { errorMessage } from '@academy/web-session';
import { GradeDialog, gradeButtonLabel } from './grade-dialog';

/** "Week 1 · Day 2" or "Week 1 · Capstone": where an item sits. */
export const itemPlace = (s: Pick<Submission, 'weekNumber' | 'dayNumber'>) => `Week ${s.weekNumber} · ${s.dayNumber === null ? 'Capstone' : `Day ${s.dayNumber}`}`;

/** The file name of a subject's grade export. */
export const csvFileName = (subjectName: string) => `grades-${subjectName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'subject'}.csv`;

export function SubmissionsTable({ label, submissions, onGrade, empty }: { label: string; submissions: readonly Submission[]; onGrade: (id: string) => void; empty: string }) {
  if (submissions.length === 0) return <p className="rounded-md border p-6 text-center text-muted-foreground">{empty}</p>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Student</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Submitted</TableHead>
          <TableHead>Score</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {submissions.map((s) => (
          <TableRow key={s.id} data-submission-id={s.id}>
            <TableCell className="whitespace-normal">
              <span className="block font-medium">{s.studentEmail}</span>
              <span className="block text-xs text-muted-foreground">{s.studentName}</span>
            </TableCell>
            <TableCell>{WORK_KIND_LABELS[s.kind]}</TableCell>
            <TableCell className="whitespace-normal">
              <span className="block font-medium">{s.title}</span>
              <span className="block text-xs text-muted-foreground">
                {`${s.subjectName} · ${itemPlace(s)}`}
                {s.attempt > 1 && ` · attempt ${s.attempt}`}
              </span>
              {s.late && (
                <Badge variant="warning" className="mt-1">
                  Late
                </Badge>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={s.submittedAt}>{formatDate(s.submittedAt)}</time>
            </TableCell>
            <TableCell className="tabular-nums">{s.grade?.score ?? NOT_YET}</TableCell>
            <TableCell>{GRADE_STATUS_LABELS[s.grade?.status ?? 'pending']}</TableCell>
            <TableCell className="text-right">
              <Button size="sm" variant={s.grade ? 'outline' : 'default'} aria-label={`${gradeButtonLabel(s)}: ${s.title} by ${s.studentEmail}`} onClick={() => onGrade(s.id)}>
                {gradeButtonLabel(s)}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ExportCsv({ subject }: { subject: Subject | null }) {
  const download = useGradesCsvDownload();
  async function run() {
    if (!subject) return;
    try {
      const csv = await download.mutateAsync(subject.id);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = csvFileName(subject.name);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export grades'));
    }
  }
  return (
    <Button variant="outline" disabled={!subject || download.isPending} title={subject ? undefined : 'Choose a subject to export its grades'} onClick={() => void run()}>
      <Download aria-hidden="true" />
      {download.isPending ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}

function SubjectFilter({ subjects, value, onChange }: { subjects: readonly Subject[]; value: string; onChange: (subjectId: string) => void }) {
  const id = useId();
  return (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={id}>Subject</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All my subjects</option>
        {subjects.map((s) => (
          <option key={s.id} value={s.id}>
            {`${s.name} — ${s.programName}`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** /dashboard/teacher/submissions: the latest attempts of the teacher's subjects, to grade (spec §2 Submissions). */
export function SubmissionsPage() {
  const [params, setParams] = useSearchParams();
  const subjects = useMySubjectsQuery();
  const mine = subjects.data?.subjects ?? [];
  const wanted = params.get('subject');
  const subject = (wanted && mine.find((s) => s.id === wanted)) || null;
  // With ?subject= the list waits for the subjects, so that it is read once, for the right subject.
  const list = useTeacherSubmissionsQuery(subject?.id ?? null, !wanted || subjects.isSuccess);
  const [grading, setGrading] = useState<string | null>(null);
  const all = list.data ? [...list.data.pending, ...list.data.graded] : [];
  const graded = grading ? (all.find((s) => s.id === grading) ?? null) : null;

  let body;
  if (subjects.isError || list.isError) {
    const failed = subjects.isError ? subjects : list;
    body = <ErrorPanel title="The submissions could not be loaded." message={errorMessage(failed.error, 'Please try again.')} onRetry={() => void failed.refetch()} />;
  } else if (list.isPending) body = <Spinner className="py-10" label="Loading submissions…" />;
  else
    body = (
      <Tabs defaultValue="pending">
        <TabsList>
          <TabsTrigger value="pending">{GRADING_MESSAGES.pendingTab(list.data.pending.length)}</TabsTrigger>
          <TabsTrigger value="graded">{GRADING_MESSAGES.gradedTab(list.data.graded.length)}</TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <SubmissionsTable label="Pending review" submissions={list.data.pending} onGrade={setGrading} empty="Nothing to review: every submission is graded." />
        </TabsContent>
        <TabsContent value="graded">
          <SubmissionsTable label="Graded" submissions={list.data.graded} onGrade={setGrading} empty="No graded submissions yet." />
        </TabsContent>
      </Tabs>
    );

  return (
    <>
      <PageHeader title="Submissions" description="Your students' tasks and capstones: review, grade and give feedback." actions={<ExportCsv subject={subject} />} />
      <SubjectFilter
        subjects={mine}
        value={subject?.id ?? ''}
        onChange={(id) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (id) next.set('subject', id);
              else next.delete('subject');
              return next;
            },
            { replace: true },
          )
        }
      />
      {body}
      <GradeDialog submission={graded} onClose={() => setGrading(null)} />
    </>
  );
}
