import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
import { useSession } from '@academy/web-session';

/** Cache keys of the user-management answers, for invalidation after a change. */
export const userAdminKeys = {
  users: ['users'] as const,
  students: ['students'] as const,
};

/** Users and students are two views of the same accounts: a change to one refreshes both. */
function refreshAccounts(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: userAdminKeys.users }), client.invalidateQueries({ queryKey: userAdminKeys.students })]);
}

/** GET /api/users (admin): every account and the counts. */
export function useUsersQuery(options: { enabled?: boolean } = {}) {
  const { fetch } = useSession();
  return useQuery({
    queryKey: userAdminKeys.users,
    queryFn: async ({ signal }) => usersListResponseSchema.parse(await fetch<unknown>('/api/users', { signal })),
    enabled: options.enabled,
  });
}

/** GET /api/students (student_admin, admin). */
export function useStudentsQuery() {
  const { fetch } = useSession();
  return useQuery({
    queryKey: userAdminKeys.students,
    queryFn: async ({ signal }) => studentsListResponseSchema.parse(await fetch<unknown>('/api/students', { signal })),
  });
}

/** PUT /api/users/:id/role; resolves once the lists show the new role. */
export function useAssignRoleMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, role }: { id: string } & AssignRoleRequest) =>
      userResponseSchema.parse(await fetch<unknown>(`/api/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role } })),
    onSuccess: () => refreshAccounts(client),
  });
}

/** DELETE /api/users/:id; resolves once the lists no longer show the user. */
export function useDeleteUserMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => messageResponseSchema.parse(await fetch<unknown>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' })),
    onSuccess: () => refreshAccounts(client),
  });
}

/** POST /api/users (admin, student_admin): the account gets a generated password by mail. */
export function useCreateUserMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateUserRequest) => userResponseSchema.parse(await fetch<unknown>('/api/users', { method: 'POST', body: request })),
    onSuccess: () => refreshAccounts(client),
  });
}

/** POST /api/users/:id/temporary-password (admin; student_admin for students): a new temporary password by mail, the old one and every session end. */
export function useReissuePasswordMutation() {
  const { fetch } = useSession();
  return useMutation({
    mutationFn: async (id: string) => messageResponseSchema.parse(await fetch<unknown>(`/api/users/${encodeURIComponent(id)}/temporary-password`, { method: 'POST' })),
  });
}

/** PATCH /api/students/:id: name, phone and address. */
export function useUpdateStudentMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...request }: { id: string } & UpdateStudentRequest) =>
      studentResponseSchema.parse(await fetch<unknown>(`/api/students/${encodeURIComponent(id)}`, { method: 'PATCH', body: request })),
    onSuccess: () => refreshAccounts(client),
  });
}
