/** An import receipt's temperature readings (contract/pharma-cold.ts coldPaths.receipt): read, and one added. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { coldPaths, type TemperatureAnswer } from '@contract/pharma-cold';
import { apiRequest } from '@/api/client';
import { warehouseKeys } from './warehouse-keys';

export function useReceiptTemperature(companyId: number, id: string, enabled: boolean) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'temperature', id),
    enabled,
    retry: false,
    queryFn: async () =>
      (await apiRequest<TemperatureAnswer>(coldPaths.receipt(id), { query: { company: companyId }, redirectOnForbidden: false })).data,
  });
}

export function useAddReceiptReading(companyId: number, id: string) {
  const queryClient = useQueryClient();
  return async (celsius: number, note: string | null) => {
    const answer = await apiRequest<TemperatureAnswer>(coldPaths.receipt(id), {
      method: 'POST',
      body: { company: companyId, celsius, note },
      redirectOnForbidden: false,
    });
    queryClient.setQueryData(warehouseKeys.of(companyId, 'temperature', id), answer.data);
  };
}
