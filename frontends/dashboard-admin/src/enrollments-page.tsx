import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type Certificate, ENROLLMENT_MESSAGES, ENROLLMENT_STATUSES, type Enrollment, type EnrollmentStatus } from '@academy/contracts';
import { DataTable, NativeSelect, type DataColumn } from '@academy/ui';
import { Link } from 'react-router-dom';
import { ENROLLMENT_STATUS_LABELS, PageHeader, QueryView, catalogKeys, certificateKeys, formatDate, useCertificatesQuery, useChangeEnrollmentStatusMutation, useEnrollmentsQuery, whyPath } from '@academy/web-dashboard';
import { ApiRequestError, useCommand } from '@academy/web-session';
import { EnrollDialog } from './enroll-dialog';
import { ImportCsvDialog } from './import-csv-dialog';
import { CertificateCell } from './revoke-certificate-dialog';

const NO_CERTIFICATES: ReadonlyMap<string, Certificate> = new Map();

const STATUS_OPTIONS = ENROLLMENT_STATUSES.map((status) => ({ value: status, label: ENROLLMENT_STATUS_LABELS[status] }));

/**
 * The status selector of a row (spec §4: any status from any). The change carries the row's version:
 * when someone changed the enrollment meanwhile the API refuses (409), and the list is read again.
 */
function StatusSelect({ enrollment }: { enrollment: Enrollment }) {
  const change = useChangeEnrollmentStatusMutation();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<EnrollmentStatus | null>(null);
  const set = useCommand((status: EnrollmentStatus) => change.mutateAsync({ id: enrollment.id, status, expectedVersion: enrollment.version }), {
    success: ENROLLMENT_MESSAGES.statusUpdated,
    failure: 'Failed to update status',
    // Completing an enrollment issues its certificate (ADR 0030).
    onSuccess: (_answer, status) => status === 'completed' && client.invalidateQueries({ queryKey: certificateKeys.all }),
    onError: async (error) => {
      if (error instanceof ApiRequestError && error.status === 409) await client.invalidateQueries({ queryKey: catalogKeys.enrollments });
    },
  });
  async function run(status: EnrollmentStatus) {
    setChosen(status);
    await set.run(status);
    setChosen(null);
  }
  return (
    // The width is the wrapper's: its chevron sits at the wrapper's right edge.
    <div className="w-36 shrink-0">
      <NativeSelect
        aria-label={`Status of ${enrollment.code}`}
        className="h-8"
        value={chosen ?? enrollment.status}
        disabled={set.busy}
        options={STATUS_OPTIONS}
        onChange={(e) => void run(e.target.value as EnrollmentStatus)}
      />
    </div>
  );
}

/** The status selector of a row with its Why? link (issue 16). */
function StatusCell({ enrollment: e }: { enrollment: Enrollment }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusSelect enrollment={e} />
      <Link to={whyPath('enrollment-status', e.id)} aria-label={`Why is ${e.code} ${ENROLLMENT_STATUS_LABELS[e.status].toLowerCase()}?`} className="text-sm underline">
        Why?
      </Link>
    </div>
  );
}

function enrollmentColumns(certificates: ReadonlyMap<string, Certificate>): DataColumn<Enrollment>[] {
  return [
    { id: 'code', header: 'Code', cell: (e) => e.code, sortValue: (e) => e.code, className: 'font-mono text-xs whitespace-nowrap' },
    { id: 'student', header: 'Student', cell: (e) => e.studentName, sortValue: (e) => e.studentName, className: 'font-medium', hideOnCard: true },
    { id: 'email', header: 'Email', cell: (e) => e.studentEmail, sortValue: (e) => e.studentEmail },
    { id: 'program', header: 'Program', cell: (e) => e.programName, sortValue: (e) => e.programName },
    { id: 'cohort', header: 'Cohort', cell: (e) => e.subjectName, sortValue: (e) => e.subjectName },
    { id: 'status', header: 'Status', cell: (e) => <StatusCell enrollment={e} />, sortValue: (e) => ENROLLMENT_STATUS_LABELS[e.status] },
    {
      id: 'week',
      header: 'Week',
      cell: (e) => (
        <>
          <span className="tabular-nums">{e.currentWeek}</span>{' '}
          <Link to={whyPath('enrollment-week', e.id)} aria-label={`Why is ${e.code} in week ${e.currentWeek}?`} className="text-sm underline">
            Why?
          </Link>
        </>
      ),
      sortValue: (e) => e.currentWeek,
      className: 'whitespace-nowrap',
    },
    { id: 'enrolled', header: 'Enrolled', cell: (e) => <time dateTime={e.enrolledAt}>{formatDate(e.enrolledAt)}</time>, sortValue: (e) => e.enrolledAt, className: 'whitespace-nowrap' },
    { id: 'certificate', header: 'Certificate', cell: (e) => <CertificateCell certificate={certificates.get(e.id)} code={e.code} /> },
  ];
}

/** `certificates`: by enrollment id (absent while they load or when the enrollment has none). */
export function EnrollmentsTable({ enrollments, certificates = NO_CERTIFICATES }: { enrollments: Enrollment[]; certificates?: ReadonlyMap<string, Certificate> }) {
  const columns = useMemo(() => enrollmentColumns(certificates), [certificates]);
  return (
    <DataTable
      label="Enrollments"
      columns={columns}
      data={enrollments}
      getRowId={(e) => e.id}
      rowTitle={(e) => e.studentName}
      rowAttributes={(e) => ({ 'data-enrollment-id': e.id })}
      empty="No enrollments yet."
    />
  );
}

/** /dashboard/admin/enrollments: enroll students one by one or from a CSV file, and set each enrollment's status. */
export function EnrollmentsPage() {
  const enrollments = useEnrollmentsQuery();
  const certificates = useCertificatesQuery();
  const issued = certificates.data?.certificates;
  const byEnrollment = useMemo(() => new Map((issued ?? []).map((c) => [c.enrollmentId, c])), [issued]);
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
      <QueryView query={enrollments} pending="Loading enrollments…" error="The enrollments could not be loaded.">
        {(data) => <EnrollmentsTable enrollments={data.enrollments} certificates={byEnrollment} />}
      </QueryView>
    </>
  );
}
