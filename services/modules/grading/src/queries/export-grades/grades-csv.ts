import { formatCsvInstant, GRADE_CSV_COLUMNS, type Submission } from '@academy/contracts';

/** RFC 4180 field; a leading = + - @ is prefixed with ' so a spreadsheet does not run it as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The grades of a subject, one line per attempt; times in the academy's zone with their offset ("2026-11-30 23:59:00 +02:00"). */
export function gradesCsv(rows: Submission[], timeZone: string): string {
  const lines = [GRADE_CSV_COLUMNS.join(',')];
  for (const s of rows) {
    lines.push(
      [
        s.studentEmail,
        s.studentName,
        String(s.weekNumber),
        s.kind,
        s.title,
        String(s.attempt),
        formatCsvInstant(s.submittedAt, timeZone),
        s.late ? 'yes' : 'no',
        s.githubUrl,
        s.grade?.status ?? 'pending',
        s.grade?.score == null ? '' : s.grade.score.toFixed(2),
        s.grade?.gradedAt ? formatCsvInstant(s.grade.gradedAt, timeZone) : '',
        s.grade?.teacherName ?? '',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
