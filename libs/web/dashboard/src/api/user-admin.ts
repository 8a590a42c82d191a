import type { QueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  studentResponseSchema,
  studentsListResponseSchema,
  userResponseSchema,
  usersListResponseSchema,
  type AssignRoleRequest,
  type CreateUserRequest,
  type UpdateStudentRequest,
} from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

/** Cache keys of the user-management answers, for invalidation after a change. */
export const userAdminKeys = {
  users: ['users'] as const,
  students: ['students'] as const,
};

/** Users and students are two views of the same accounts: a change to one refreshes both. */
export function refreshAccounts(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: userAdminKeys.users }), client.invalidateQueries({ queryKey: userAdminKeys.students })]);
}

/** GET /api/users (admin): every account and the counts. */
export const useUsersQuery = (options: { enabled?: boolean } = {}) => useApiQuery(userAdminKeys.users, '/api/users', usersListResponseSchema, options);

/** GET /api/students (student_admin, admin). */
export const useStudentsQuery = () => useApiQuery(userAdminKeys.students, '/api/students', studentsListResponseSchema);

// Each change below resolves once the lists show it.

/** PUT /api/users/:id/role. */
export const useAssignRoleMutation = () =>
  useApiMutation(({ id, role }: { id: string } & AssignRoleRequest) => ({ path: pathOf('/api/users', id, '/role'), method: 'PUT', body: { role } }), userResponseSchema, { onSuccess: refreshAccounts });

/** DELETE /api/users/:id. */
export const useDeleteUserMutation = () => useApiMutation((id: string) => ({ path: pathOf('/api/users', id), method: 'DELETE' }), messageResponseSchema, { onSuccess: refreshAccounts });

/** POST /api/users (admin, student_admin): the account gets a generated password by mail. */
export const useCreateUserMutation = () => useApiMutation((body: CreateUserRequest) => ({ path: '/api/users', body }), userResponseSchema, { onSuccess: refreshAccounts });

/** POST /api/users/:id/temporary-password (admin; student_admin for students): a new temporary password by mail, the old one and every session end. */
export const useReissuePasswordMutation = () => useApiMutation((id: string) => ({ path: pathOf('/api/users', id, '/temporary-password'), method: 'POST' }), messageResponseSchema);

/** PATCH /api/students/:id: name, phone and address. */
export const useUpdateStudentMutation = () =>
  useApiMutation(({ id, ...body }: { id: string } & UpdateStudentRequest) => ({ path: pathOf('/api/students', id), method: 'PATCH', body }), studentResponseSchema, { onSuccess: refreshAccounts });
