// The funders' CSV of a cohort's attendance (issue 31 §2): one row per session and student, times in
// the academy's zone (ADR 0023), through the one CSV writer. A session nobody was marked for (not
// taken yet, or cancelled) is one row without a student, so the file shows every session of the
// period. Excuse notes stay out: they may be medical, and the status says what a funder needs.
import { type ClassSession, csvDocument, csvNumber, formatCsvInstant } from '@academy/contracts';

export const ATTENDANCE_CSV_COLUMNS = ['subject', 'week', 'date', 'session', 'starts', 'ends', 'session_status', 'student', 'email', 'attendance'] as const;

export interface CsvMark {
  sessionId: string;
  fullName: string | null;
  email: string | null;
  status: string;
}

export function attendanceCsv(sessions: readonly ClassSession[], marks: readonly CsvMark[], zone: string): string {
  const bySession = new Map<string, CsvMark[]>();
  for (const m of marks) bySession.set(m.sessionId, [...(bySession.get(m.sessionId) ?? []), m]);
  const rows = sessions.flatMap((s) => {
    const head = [s.subjectName, csvNumber(s.week), s.date, s.kind, formatCsvInstant(s.startsAt, zone), formatCsvInstant(s.endsAt, zone), s.status] as const;
    const of = (bySession.get(s.id) ?? []).sort((a, b) => (a.fullName ?? '').localeCompare(b.fullName ?? ''));
    return of.length ? of.map((m) => [...head, m.fullName, m.email, m.status]) : [[...head, null, null, null]];
  });
  return csvDocument(ATTENDANCE_CSV_COLUMNS, rows);
}
