/**
 * The office's order type calls (contract/orders-types.ts): the company's types for the list filter
 * and the settings screen, and saving one. Phones read the types from the device (device-orders.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { employeePaths, type StaffOption } from '@contract/employees';
import { orderTypePaths, type OrderTypeInput, type OrderTypeRecord } from '@contract/orders-types';
import { apiData, apiRequest } from '@/api/client';
import { orderKeys } from './order-keys';

export function useOrderTypes(companyId: number) {
  return useQuery({
    queryKey: orderKeys.types(companyId),
    queryFn: () => apiData<OrderTypeRecord[]>(orderTypePaths.list, { query: { company: companyId } }),
    enabled: companyId > 0,
    retry: false,
  });
}

/** insert_or_update_type/: answers the server's message for the toast. */
export function useSaveOrderType(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrderTypeInput) =>
      (await apiRequest<OrderTypeRecord>(orderTypePaths.save, { method: 'POST', body: input })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.types(companyId) }),
  });
}

/** The company's active members, as the type form's choice of who may use a type. */
export function useOrderTypeMembers(companyId: number) {
  return useQuery({
    queryKey: orderKeys.typeMembers(companyId),
    queryFn: async () =>
      (await apiData<StaffOption[]>(employeePaths.allStaff, { query: { company: companyId } })).map((member) => ({
        value: String(member.id),
        label: member.code ? `${member.full_name} (${member.code})` : member.full_name,
      })),
    enabled: companyId > 0,
    retry: false,
  });
}
