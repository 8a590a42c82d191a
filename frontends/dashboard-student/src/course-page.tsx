import { useId, type ReactNode } from 'react';
import { Award, CalendarDays, Clock, Download, GraduationCap } from 'lucide-react';
import { CERTIFICATE_MESSAGES, ENROLLMENT_MESSAGES, PROGRAM_SCHEDULES, PROGRAM_WEEKS, type Certificate, type Enrollment } from '@academy/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ProgressBar } from '@academy/ui';
import { ENROLLMENT_STATUS_LABELS, PROGRAM_TYPE_LABELS, PageHeader, QueryView, formatDate, saveBlob, useCertificatePdfDownload, useMyCertificatesQuery, useMyEnrollmentQuery } from '@academy/web-dashboard';
import { useCommand } from '@academy/web-session';

/** How far through the program a student in `currentWeek` is, as a whole percent (Week 1 of 20 → 5). */
export const courseProgress = (currentWeek: number) => Math.round((Math.min(Math.max(currentWeek, 0), PROGRAM_WEEKS) / PROGRAM_WEEKS) * 100);
export const weekOf = (currentWeek: number) => `Week ${currentWeek} of ${PROGRAM_WEEKS}`;

export function NoActiveEnrollment() {
  return (
    <section className="flex flex-col items-center gap-2 rounded-md border p-10 text-center">
      <GraduationCap aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{ENROLLMENT_MESSAGES.noActiveEnrollment}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{ENROLLMENT_MESSAGES.noActiveEnrollmentHelp}</p>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** How far through the program the student is: "Week 3 of 20 · 15%" over its bar. */
export function ProgramProgress({ label, currentWeek, percent, testId }: { label: string; currentWeek: number; percent: number; testId: string }) {
  const labelId = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between text-sm">
        <span id={labelId}>{label}</span>
        <span className="tabular-nums" data-testid={testId}>
          {weekOf(currentWeek)} · {percent}%
        </span>
      </div>
      <ProgressBar percent={percent} aria-labelledby={labelId} aria-valuetext={`${percent}%`} />
    </div>
  );
}

export function CourseDetails({ enrollment }: { enrollment: Enrollment }) {
  const titleId = useId();
  const percent = courseProgress(enrollment.currentWeek);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card role="region" aria-labelledby={titleId} className="lg:col-span-2">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle id={titleId} className="text-2xl">
              {enrollment.programName}
            </CardTitle>
            <span data-testid="enrollment-status" className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              {ENROLLMENT_STATUS_LABELS[enrollment.status]}
            </span>
          </div>
          {enrollment.programDescription && <CardDescription>{enrollment.programDescription}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail term="Program Type">{PROGRAM_TYPE_LABELS[enrollment.programType]}</Detail>
            <Detail term="Enrolled">
              <time dateTime={enrollment.enrolledAt}>{formatDate(enrollment.enrolledAt)}</time>
            </Detail>
            <Detail term="Duration">{PROGRAM_WEEKS} Weeks</Detail>
          </dl>
          <ProgramProgress label="Progress" currentWeek={enrollment.currentWeek} percent={percent} testId="course-progress" />
          <p className="flex items-center gap-2 text-sm">
            <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
            <span>
              Schedule: <span data-testid="course-schedule">{PROGRAM_SCHEDULES[enrollment.programType]}</span>
            </span>
          </p>
        </CardContent>
      </Card>
      <Card role="region" aria-label="Enrollment details">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4" />
            Enrollment details
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            <Detail term="Enrollment ID">{enrollment.code}</Detail>
            <Detail term="Cohort">{enrollment.subjectName}</Detail>
            <Detail term="Current Week">{weekOf(enrollment.currentWeek)}</Detail>
            {enrollment.activatedAt && (
              <Detail term="Activated">
                <time dateTime={enrollment.activatedAt}>{formatDate(enrollment.activatedAt)}</time>
              </Detail>
            )}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function CertificateRow({ certificate }: { certificate: Certificate }) {
  const download = useCertificatePdfDownload();
  const save = useCommand(download.mutateAsync, {
    failure: 'The certificate could not be downloaded.',
    onSuccess: (pdf) => saveBlob(pdf, `certificate-${certificate.programName.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3" data-certificate={certificate.code}>
      <div className="grid gap-0.5">
        <span className="font-medium">{certificate.programName}</span>
        <span className="text-sm text-muted-foreground">
          Completed <time dateTime={certificate.completedAt}>{formatDate(certificate.completedAt)}</time>
          {certificate.revokedAt && <span className="text-destructive"> · Revoked</span>}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <a className="text-sm underline underline-offset-4" href={`/verify/${certificate.code}`}>
          Verification page
        </a>
        <Button size="sm" onClick={() => void save.run(certificate.enrollmentId)} disabled={save.busy}>
          <Download aria-hidden="true" />
          {CERTIFICATE_MESSAGES.download}
        </Button>
      </div>
    </li>
  );
}

/** My Course: the student's certificates of completion (ADR 0030), each downloadable as a PDF. */
export function MyCertificates() {
  const mine = useMyCertificatesQuery();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="mt-4">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Award aria-hidden="true" className="size-4" />
          {CERTIFICATE_MESSAGES.myCertificates}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryView query={mine} pending="Loading your certificates…" error="Your certificates could not be loaded." compact>
          {({ certificates }) =>
            certificates.length === 0 ? (
              <p className="text-sm text-muted-foreground">{CERTIFICATE_MESSAGES.noCertificates}</p>
            ) : (
              <ul className="grid gap-2">
                {certificates.map((c) => (
                  <CertificateRow key={c.enrollmentId} certificate={c} />
                ))}
              </ul>
            )
          }
        </QueryView>
      </CardContent>
    </Card>
  );
}

/** /dashboard/student/course: the student's active enrollment (spec §4: students see only that one). */
export function CoursePage() {
  const mine = useMyEnrollmentQuery();
  return (
    <>
      <PageHeader title="My Course" description="Your program, its schedule and your progress through the 20 weeks." />
      <QueryView query={mine} pending="Loading your course…" error="Your course could not be loaded.">
        {({ enrollment }) => (enrollment ? <CourseDetails enrollment={enrollment} /> : <NoActiveEnrollment />)}
      </QueryView>
      <MyCertificates />
    </>
  );
}
