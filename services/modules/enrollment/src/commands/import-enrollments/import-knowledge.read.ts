// The CSV import's precondition: everything the read model knows that a row can name (people with an
// email, programs, subjects, and the unfinished enrollments that hold a place), from the read
// schema's views through MikroORM (ADR 0018), in the shape the pure check takes (domain/import-check.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import { EnrollmentRecord } from '../../projections/enrollments/enrollment.entity.js';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { Person } from '../../projections/enrollments/person.entity.js';
import { Program } from '../../projections/enrollments/program.entity.js';
import { Subject } from '../../projections/enrollments/subject.entity.js';
import type { ImportKnowledge } from '../../domain/import-check.js';

const FIND = { disableIdentityMap: true } as const;

/** Nothing is known before the worker first ran the projection (no schema yet). */
export async function readImportKnowledge(em: EntityManager): Promise<ImportKnowledge> {
  const read = readModelEm(em, ENROLLMENT_PROJECTION);
  const [people, programs, subjects, unfinished] = await Promise.all([
    orNone(read.find(Person, { email: { $ne: null } }, { ...FIND, fields: ['id', 'role', 'email'] }), []),
    orNone(read.find(Program, {}, { ...FIND, fields: ['id', 'name'] }), []),
    orNone(read.find(Subject, {}, { ...FIND, fields: ['id', 'programId', 'name'] }), []),
    orNone(read.find(EnrollmentRecord, { status: { $in: ['pending', 'active'] } }, { ...FIND, fields: ['studentId', 'programId'] }), []),
  ]);
  return {
    people: people.map((p) => ({ id: p.id, role: p.role, email: p.email ?? null })),
    programs: programs.map((p) => ({ id: p.id, name: p.name })),
    subjects: subjects.map((s) => ({ id: s.id, program_id: s.programId, name: s.name })),
    unfinished: unfinished.map((u) => ({ student_id: u.studentId, program_id: u.programId })),
  };
}
