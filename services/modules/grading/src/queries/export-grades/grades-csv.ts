import { csvDocument, csvNumber, formatCsvInstant, GRADE_CSV_COLUMNS, type CsvCell, type RubricBreakdown, type Submission } from '@academy/contracts';

/**
 * The grades of a subject, one line per attempt, through the academy's one CSV writer (names, titles
 * and emails are other people's text: see libs/contracts/src/csv.ts). Times in the academy's zone
 * with their offset ("2026-11-30 23:59:00 +02:00"), the extended due date too; week, attempt and score are written as numbers.
 */
export function gradesCsv(rows: Submission[], timeZone: string): string {
  return csvDocument(GRADE_CSV_COLUMNS, rows.map((s) => gradeRow(s, timeZone)));
}

/** The cells of one attempt, in the order of GRADE_CSV_COLUMNS; empty where it is not graded. */
function gradeRow(s: Submission, timeZone: string): CsvCell[] {
  const grade = s.grade;
  return [
    s.studentEmail,
    s.studentName,
    csvNumber(s.weekNumber),
    s.kind,
    s.title,
    csvNumber(s.attempt),
    formatCsvInstant(s.submittedAt, timeZone),
    s.late ? 'yes' : 'no',
    s.extended && s.dueAt ? formatCsvInstant(s.dueAt, timeZone) : null,
    s.githubUrl,
    grade?.status ?? 'pending',
    grade?.score == null ? null : csvNumber(grade.score, 2),
    grade?.gradedAt ? formatCsvInstant(grade.gradedAt, timeZone) : null,
    grade?.teacherName ?? null,
    grade?.rubric ? rubricCell(grade.rubric) : null,
  ];
}

/** The breakdown in one cell (the comments stay out: free text about the student, shown in the app). */
export const rubricCell = (rubric: RubricBreakdown) => rubric.criteria.map((c) => `${c.title}: ${c.level} (${c.points}/${c.maxPoints})`).join('; ');
