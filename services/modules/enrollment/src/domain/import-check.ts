// The rules of a CSV import as one pure function of the file's lines and what the read model knows:
// every row's problems, and for a clean file what to enroll.
import { ENROLLMENT_MESSAGES } from '@academy/contracts';
import type { ImportLine } from './csv.js';

export interface ImportKnowledge {
  people: { id: string; role: string; email: string | null }[];
  programs: { id: string; name: string }[];
  subjects: { id: string; program_id: string; name: string }[];
  /** (student, program) pairs with a pending or active enrollment. */
  unfinished: { student_id: string; program_id: string }[];
}

export interface CheckedRow extends ImportLine {
  target: { studentId: string; programId: string; subjectId: string } | null;
}

const key = (s: string) => s.trim().toLowerCase();

export function checkImport(lines: ImportLine[], k: ImportKnowledge): CheckedRow[] {
  const people = new Map(k.people.map((p) => [key(p.email ?? ''), p]));
  const programs = new Map<string, { id: string; name: string }[]>();
  for (const p of k.programs) programs.set(key(p.name), [...(programs.get(key(p.name)) ?? []), p]);
  const unfinished = new Set(k.unfinished.map((u) => `${u.student_id}/${u.program_id}`));
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const problems = [...l.problems];
    let studentId: string | null = null;
    let programId: string | null = null;
    let subjectId: string | null = null;
    if (l.studentEmail) {
      const person = people.get(key(l.studentEmail));
      if (!person) problems.push(`No account has the email ${l.studentEmail}`);
      else if (person.role !== 'student') problems.push(`${l.studentEmail} is not a student`);
      else studentId = person.id;
    }
    if (l.program) {
      const found = programs.get(key(l.program)) ?? [];
      if (found.length === 0) problems.push(`Unknown program: ${l.program}`);
      else if (found.length > 1) problems.push(`More than one program is named ${l.program}`);
      else programId = found[0].id;
    }
    if (programId && l.subject) {
      const found = k.subjects.filter((s) => s.program_id === programId && key(s.name) === key(l.subject));
      if (found.length === 1) subjectId = found[0].id;
      else if (found.length === 0) problems.push(`${ENROLLMENT_MESSAGES.subjectNotInProgram}: ${l.subject}`);
      else problems.push(`More than one subject of ${l.program} is named ${l.subject}`);
    }
    if (studentId && programId) {
      const pair = `${studentId}/${programId}`;
      if (unfinished.has(pair)) problems.push(ENROLLMENT_MESSAGES.alreadyEnrolled);
      const first = seen.get(pair);
      if (first !== undefined) problems.push(`Duplicate of line ${first}: one enrollment per student and program`);
      else seen.set(pair, l.line);
    }
    const target = problems.length === 0 && studentId && programId && subjectId ? { studentId, programId, subjectId } : null;
    return { ...l, problems, target };
  });
}
