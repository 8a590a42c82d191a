// The Students page's read: live students by name, from the read schema's views onto the live version
// of identity_users, through MikroORM (ADR 0018).
import { sql, type EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone } from '@academy/backend';
import type { StudentSummary } from '@academy/contracts';
import { usersReadEm } from '../../projections/users/read-schema.js';
import { User, type UserRow } from '../../projections/users/user.entity.js';

type StudentRow = Pick<UserRow, 'id' | 'email' | 'fullName' | 'phone' | 'address' | 'createdAt' | 'firstLoginCompleted'>;

export const toStudentSummary = (u: StudentRow): StudentSummary => ({
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
export async function readStudents(em: EntityManager, studentId?: string): Promise<StudentSummary[]> {
  if (studentId !== undefined && !isUuid(studentId)) return [];
  const rows = await orNone(
    usersReadEm(em)
      .createQueryBuilder(User, 'u')
      .select(['u.id', 'u.email', 'u.fullName', 'u.phone', 'u.address', 'u.createdAt', 'u.firstLoginCompleted'])
      .where({ role: 'student', ...(studentId === undefined ? {} : { id: studentId }) })
      .orderBy([{ [sql`lower(coalesce(u.full_name, ''))`]: 'asc' }, { fullName: 'asc' }, { id: 'asc' }])
      .execute<StudentRow[]>('all'),
    [],
  );
  return rows.map(toStudentSummary);
}
