// `academy audit as-of <date> <view> [<id>] [--personal]`: a screen as it stood then, folded from the log up
// to that moment with each context's own evolve, as the API's Time travel does (ADR 0031); the names
// as they stood, people's masked unless --personal.
import { logSchema, travel } from '@academy/audit';
import { pipelineAsOf } from '@academy/admissions';
import { type AsOfName, type AuditAsOfFilter, type AuditAsOfResponse, auditAsOfQuerySchema } from '@academy/contracts';
import { enrollmentAsOf } from '@academy/enrollment';
import { gradebookAsOf } from '@academy/grading';
import { type AcademyCommand, print, UsageError } from '../command.js';

const USAGE = 'audit as-of takes <date> <view> [<id>] [--personal]: <date> ISO 8601 with a zone (2026-11-24T12:00:00Z); gradebook <subject id>, enrollment <enrollment id>, pipeline';

/** A name as it stood: in clear, '•••' masked, or what became of it. */
const nameLine = (n: AsOfName) => (n.state === 'clear' || n.state === 'masked' ? n.name! : `(${n.state})`);

/** A banner naming the moment and its position, then the view as the screens show it. */
export function asOfLines(a: AuditAsOfResponse): string[] {
  const lines = [`As of ${a.at} (log position ${a.position})${a.personalInClear ? '' : ', names of people masked'}`];
  switch (a.view) {
    case 'enrollment': {
      const e = a.enrollment;
      lines.push(`enrollment ${e.code} (${e.enrollmentId}): ${e.status}, Week ${e.currentWeek} (${e.percent} %)`);
      lines.push(`  student ${nameLine(e.studentName)} (${e.studentId})`);
      lines.push(`  program ${e.programName ?? '?'} (${e.programId}), subject ${e.subjectName ?? '?'} (${e.subjectId})`);
      lines.push(`  enrolled ${e.enrolledAt}, activated ${e.activatedAt ?? '-'}, completed ${e.completedAt ?? '-'}`);
      break;
    }
    case 'gradebook':
      lines.push(`gradebook of subject ${a.id}: ${a.rows.length} attempts`);
      for (const r of a.rows) {
        const grade = r.grade ? `${r.grade.status}${r.grade.score === null ? '' : ` ${r.grade.score}`} by ${nameLine(r.grade.teacherName)} (${r.grade.teacherId})` : 'not graded';
        const week = r.weekNumber === null ? '' : `Week ${r.weekNumber} `;
        lines.push(`  ${nameLine(r.studentName)} (${r.studentId}) ${week}${r.kind} "${r.title ?? '?'}" (${r.itemId}) attempt ${r.attempt}${r.latest ? '' : ' (superseded)'}: ${grade}`);
      }
      break;
    case 'pipeline':
      lines.push(`prospect pipeline: ${a.prospects.length} prospects`);
      for (const c of a.counts) lines.push(`  ${c.kind} ${c.status}: ${c.count}`);
      for (const p of a.prospects) lines.push(`  ${p.prospectId} ${p.kind} ${p.status}${p.erased ? ' (erased)' : ''}`);
      break;
  }
  return lines;
}

export const auditAsOfCommand: AcademyCommand<{ filter: AuditAsOfFilter; clear: boolean }, 'event store'> = {
  name: 'audit as-of',
  usage: [
    [
      'audit as-of <date> <view> [<id>] [--personal]',
      'a screen as it stood then, folded from the log up to that moment, with the\nnames as they stood (people\'s masked; --personal: in clear):\ngradebook <subject id>, enrollment <enrollment id>, pipeline; exit 1 when none',
    ],
  ],
  needs: 'event store',
  parse(args) {
    const clear = args.includes('--personal');
    const [at, view, id, ...extra] = args.filter((a) => a !== '--personal');
    const parsed = auditAsOfQuerySchema.safeParse({ at, view, id });
    if (parsed.success && !extra.length) return { filter: parsed.data, clear };
    const why = parsed.success ? '' : `${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n`;
    throw new UsageError(`${why}${USAGE}`);
  },
  async run({ filter, clear }, deps) {
    const folds = { enrollment: enrollmentAsOf, gradebook: gradebookAsOf, pipeline: pipelineAsOf };
    const answer = await travel(deps.store, deps.pool, logSchema(deps.store), folds, filter, clear);
    if (!answer) {
      print(deps, `no ${filter.view} ${filter.id ?? ''} as of ${filter.at}`.replace('  ', ' '));
      return 1;
    }
    print(deps, ...asOfLines(answer));
    return 0;
  },
};
