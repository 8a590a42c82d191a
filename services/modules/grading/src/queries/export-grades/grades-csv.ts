import { GRADE_CSV_COLUMNS, type Submission } from '@academy/contracts';

/** RFC 4180 field; a leading = + - @ is prefixed with ' so a spreadsheet does not run it as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function gradesCsv(rows: Submission[]): string {
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
        s.submittedAt,
        s.late ? 'yes' : 'no',
        s.githubUrl,
        s.grade?.status ?? 'pending',
        s.grade?.score == null ? '' : s.grade.score.toFixed(2),
        s.grade?.gradedAt ?? '',
        s.grade?.teacherName ?? '',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
