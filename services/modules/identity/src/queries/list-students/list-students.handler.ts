// The Students page's read: live students by name, from the read schema's views onto the live version
// of identity_users, through MikroORM (ADR 0018).
import { sql } from '@mikro-orm/postgresql';
import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { StudentsListResponse, StudentSummary } from '@academy/contracts';
import { User, type UserRow } from '../../projections/users/user.entity.js';
import { ListStudents } from './list-students.query.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

type StudentRow = Pick<UserRow, 'id' | 'email' | 'fullName' | 'phone' | 'address' | 'createdAt' | 'firstLoginCompleted'>;

const toStudentSummary = (u: StudentRow): StudentSummary => ({
  id: u.id,
  email: u.email ?? '',
  fullName: u.fullName ?? '',
  phone: u.phone ?? '',
  address: u.address ?? '',
  createdAt: u.createdAt.toISOString(),
  firstLoginCompleted: u.firstLoginCompleted,
});

/**
 * Every live student (or only `studentId`), by name regardless of case (a person without a name first),
 * then by name and id. The case-blind key is an expression (`sql`, as the catalog's lists order).
 */
@QueryHandler(ListStudents)
export class ListStudentsHandler extends ReadModelQueryHandler<ListStudents> {
  async execute({ id: studentId }: ListStudents): Promise<StudentsListResponse> {
    if (studentId !== undefined && !isUuid(studentId)) return { students: [] };
    const rows = await orNone(
      readModelEm(this.em, USERS_PROJECTION)
        .createQueryBuilder(User, 'u')
        .select(['u.id', 'u.email', 'u.fullName', 'u.phone', 'u.address', 'u.createdAt', 'u.firstLoginCompleted'])
        .where({ role: 'student', ...(studentId === undefined ? {} : { id: studentId }) })
        .orderBy([{ [sql`lower(coalesce(u.full_name, ''))`]: 'asc' }, { fullName: 'asc' }, { id: 'asc' }])
        .execute<StudentRow[]>('all'),
      [],
    );
    return { students: rows.map(toStudentSummary) };
  }
}
