// Enroll's precondition: what the read model knows of the other contexts' facts the request names (a
// live student, the program, the subject and its program), from the read schema's views through MikroORM (ADR 0018).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import type { EnrollStudentRequest } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { Person } from '../../projections/enrollments/person.entity.js';
import { Program } from '../../projections/enrollments/program.entity.js';
import { Subject } from '../../projections/enrollments/subject.entity.js';

export interface EnrollFacts {
  studentIsLive: boolean;
  programExists: boolean;
  subjectInProgram: boolean;
}

const FIND = { disableIdentityMap: true } as const;

/** Nothing is known before the worker first ran the projection (no schema yet). The ids are uuids (the request's schema). */
export async function readEnrollFacts(em: EntityManager, input: EnrollStudentRequest): Promise<EnrollFacts> {
  const read = readModelEm(em, ENROLLMENT_PROJECTION);
  const [student, program, subject] = await Promise.all([
    orNone(read.findOne(Person, { id: input.studentId, role: 'student' }, { ...FIND, fields: ['id'] }), null),
    orNone(read.findOne(Program, { id: input.programId }, { ...FIND, fields: ['id'] }), null),
    orNone(read.findOne(Subject, { id: input.subjectId }, { ...FIND, fields: ['programId'] }), null),
  ]);
  return { studentIsLive: student !== null, programExists: program !== null, subjectInProgram: subject?.programId === input.programId };
}
