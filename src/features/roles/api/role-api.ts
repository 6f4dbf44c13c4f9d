/**
 * Roles (product-spec.md §7 "Role (role/api)", contract/roles.ts): the company's roles with their
 * permission matrix, create / edit / delete, and the role changes waiting for approval (approle).
 * Managing roles needs the network; a refused or failed write shows the server's message.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { rolePaths, type DataScope, type Permissions, type RoleRecord, type RoleRequestRecord } from '@contract/roles';
import { apiRequest } from '@/api/client';
import { companyQueryKeys } from '@/api/query-keys';
import { deleteRecord } from '@/api/delete-record';

export const roleKeys = companyQueryKeys('roles');

/** A company has a handful of roles: one page of up to 200 holds them all. */
export function useRoles(companyId: number, search: string) {
  return useQuery({
    queryKey: roleKeys.of(companyId, 'list', search),
    enabled: companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await apiRequest<RoleRecord[]>(rolePaths.roles, { query: { company: companyId, search: search.trim() || undefined, limit: 200 } }))
        .data,
  });
}

export type RequestFilter = 'pending' | 'all';

export function useRoleRequests(companyId: number, status: RequestFilter, enabled = true) {
  return useQuery({
    queryKey: roleKeys.of(companyId, 'requests', status),
    enabled: enabled && companyId > 0,
    retry: false,
    queryFn: async () => (await apiRequest<RoleRequestRecord[]>(rolePaths.approle, { query: { company: companyId, status } })).data,
  });
}

export type RoleDraft = {
  name: string;
  description: string | null;
  scope: DataScope;
  permissions: Permissions;
  /** "Chiết khấu tối đa (%)"; null: no limit. */
  max_discount: number | null;
};

/** The one reading of a failed call (src/api/api-error.ts), under this feature's name. */
export { apiErrorMessage as roleErrorMessage } from '@/api/api-error';

export function useRoleWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: roleKeys.all(companyId) });
    return {
      async save(id: number | null, draft: RoleDraft): Promise<RoleRecord> {
        const answer = await apiRequest<RoleRecord>(id ? rolePaths.role(id) : rolePaths.roles, {
          method: id ? 'PUT' : 'POST',
          body: { ...draft, company: companyId },
          redirectOnForbidden: false,
        });
        await refresh();
        return answer.data;
      },
      async remove(id: number): Promise<void> {
        await deleteRecord(rolePaths.role(id), companyId, { redirectOnForbidden: false });
        await refresh();
      },
      async decide(request: number, approve: boolean): Promise<string | undefined> {
        const answer = await apiRequest<RoleRequestRecord>(rolePaths.approle, {
          method: 'POST',
          body: { company: companyId, request, approve },
          redirectOnForbidden: false,
        });
        await refresh();
        return answer.message;
      },
    };
  }, [companyId, queryClient]);
}
