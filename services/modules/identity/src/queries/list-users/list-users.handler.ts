// Admin Users' read: live accounts newest first and the counts per role, from the read schema's views
// onto the live version of identity_users, through MikroORM (ADR 0018).
import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { Role, UserSummary, UsersListResponse } from '@academy/contracts';
import { User, type UserRow } from '../../projections/users/user.entity.js';
import { ListUsers } from './list-users.query.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

type ListedRow = Pick<UserRow, 'id' | 'email' | 'fullName' | 'role' | 'createdAt' | 'verified' | 'firstLoginCompleted'>;

const toUserSummary = (u: ListedRow): UserSummary => ({
  id: u.id,
  email: u.email ?? '',
  fullName: u.fullName ?? '',
  role: u.role,
  createdAt: u.createdAt.toISOString(),
  verified: u.verified,
  firstLoginCompleted: u.firstLoginCompleted,
});

/** The page from its rows: the summaries in their order and how many of each role there are. */
export function usersListOf(rows: readonly ListedRow[]): UsersListResponse {
  const count = (role: Role) => rows.filter((r) => r.role === role).length;
  return {
    counts: { total: rows.length, admins: count('admin'), teachers: count('teacher'), students: count('student'), studentAdmins: count('student_admin') },
    users: rows.map(toUserSummary),
  };
}

/** Every live account (or only `userId`), newest first; the counts from the same rows (one statement, one snapshot). */
@QueryHandler(ListUsers)
export class ListUsersHandler extends ReadModelQueryHandler<ListUsers> {
  async execute({ id: userId }: ListUsers): Promise<UsersListResponse> {
    if (userId !== undefined && !isUuid(userId)) return usersListOf([]);
    const rows = await orNone(
      readModelEm(this.em, USERS_PROJECTION).find(User, userId === undefined ? {} : { id: userId }, {
        fields: ['id', 'email', 'fullName', 'role', 'createdAt', 'verified', 'firstLoginCompleted'],
        orderBy: { createdAt: 'desc', id: 'desc' },
        disableIdentityMap: true,
      }),
      [],
    );
    return usersListOf(rows);
  }
}
