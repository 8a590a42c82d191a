import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type Certificate, ENROLLMENT_MESSAGES, ENROLLMENT_STATUSES, type Enrollment, type EnrollmentStatus } from '@academy/contracts';
import { ErrorPanel, NativeSelect, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, toast } from '@academy/ui';
import { Link } from 'react-router-dom';
import { PageHeader, catalogKeys, certificateKeys, formatDate, useCertificatesQuery, useChangeEnrollmentStatusMutation, useEnrollmentsQuery, whyPath } from '@academy/web-dashboard';
import { ApiRequestError, errorMessage } from '@academy/web-session';
import { EmptyTable } from './confirm-delete';
import { EnrollDialog } from './enroll-dialog';
import { ImportCsvDialog } from './import-csv-dialog';
import { CertificateCell } from './revoke-certificate-dialog';

export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = { pending: 'Pending', active: 'Active', completed: 'Completed', dropped: 'Dropped' };

/**
 * The status selector of a row (spec §4: any status from any). The change carries the row's version:
 * when someone changed the enrollment meanwhile the API refuses (409), and the list is read again.
 */
function StatusSelect({ enrollment }: { enrollment: Enrollment }) {
  const change = useChangeEnrollmentStatusMutation();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<EnrollmentStatus | null>(null);
  async function run(status: EnrollmentStatus) {
    setChosen(status);
    try {
      const answer = await change.mutateAsync({ id: enrollment.id, status, expectedVersion: enrollment.version });
      toast.success(answer.message || ENROLLMENT_MESSAGES.statusUpdated);
      // Completing an enrollment issues its certificate (ADR 0030).
      if (status === 'completed') await client.invalidateQueries({ queryKey: certificateKeys.all });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update status'));
      if (error instanceof ApiRequestError && error.status === 409) await client.invalidateQueries({ queryKey: catalogKeys.enrollments });
    } finally {
      setChosen(null);
    }
  }
  return (
    <NativeSelect
      aria-label={`Status of ${enrollment.code}`}
      className="h-8 w-36"
      value={chosen ?? enrollment.status}
      disabled={change.isPending}
      onChange={(e) => void run(e.target.value as EnrollmentStatus)}
    >
      {ENROLLMENT_STATUSES.map((status) => (
        <option key={status} value={status}>
          {ENROLLMENT_STATUS_LABELS[status]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** `certificates`: by enrollment id (absent while they load or when the enrollment has none). */
export function EnrollmentsTable({ enrollments, certificates = new Map() }: { enrollments: Enrollment[]; certificates?: ReadonlyMap<string, Certificate> }) {
  if (enrollments.length === 0) return <EmptyTable>No enrollments yet.</EmptyTable>;
  return (
    <Table aria-label="Enrollments">
      <TableHeader>
        <TableRow>
          <TableHead>Code</TableHead>
          <TableHead>Student</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Program</TableHead>
          <TableHead>Cohort</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Week</TableHead>
          <TableHead>Enrolled</TableHead>
          <TableHead>Certificate</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {enrollments.map((e) => (
          <TableRow key={e.id} data-enrollment-id={e.id}>
            <TableCell className="font-mono text-xs">{e.code}</TableCell>
            <TableCell className="font-medium">{e.studentName}</TableCell>
            <TableCell>{e.studentEmail}</TableCell>
            <TableCell>{e.programName}</TableCell>
            <TableCell>{e.subjectName}</TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <StatusSelect enrollment={e} />
                <Link to={whyPath('enrollment-status', e.id)} aria-label={`Why is ${e.code} ${ENROLLMENT_STATUS_LABELS[e.status].toLowerCase()}?`} className="text-sm underline">
                  Why?
                </Link>
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <span className="tabular-nums">{e.currentWeek}</span>{' '}
              <Link to={whyPath('enrollment-week', e.id)} aria-label={`Why is ${e.code} in week ${e.currentWeek}?`} className="text-sm underline">
                Why?
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={e.enrolledAt}>{formatDate(e.enrolledAt)}</time>
            </TableCell>
            <TableCell>
              <CertificateCell certificate={certificates.get(e.id)} code={e.code} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /dashboard/admin/enrollments: enroll students one by one or from a CSV file, and set each enrollment's status. */
export function EnrollmentsPage() {
  const enrollments = useEnrollmentsQuery();
  const certificates = useCertificatesQuery();
  const byEnrollment = new Map((certificates.data?.certificates ?? []).map((c) => [c.enrollmentId, c]));
  let body;
  if (enrollments.isPending) body = <Spinner className="py-10" label="Loading enrollments…" />;
  else if (enrollments.isError)
    body = <ErrorPanel title="The enrollments could not be loaded." message={errorMessage(enrollments.error, 'Please try again.')} onRetry={() => void enrollments.refetch()} />;
  else body = <EnrollmentsTable enrollments={enrollments.data.enrollments} certificates={byEnrollment} />;
  return (
    <>
      <PageHeader
        title="Enrollments"
        description="Every enrollment, newest first. A student sees their course once the enrollment is active."
        actions={
          <>
            <ImportCsvDialog />
            <EnrollDialog />
          </>
        }
      />
      {body}
    </>
  );
}
