/** A delivery's temperature readings (contract/pharma-cold.ts coldPaths.delivery): read, and one added. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { coldPaths, type TemperatureAnswer } from '@contract/pharma-cold';
import { apiRequest } from '@/api/client';
import { deliveryKeys } from './delivery-api';

export function useDeliveryTemperature(companyId: number, id: string) {
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'temperature', id),
    retry: false,
    queryFn: async () =>
      (await apiRequest<TemperatureAnswer>(coldPaths.delivery(id), { query: { company: companyId }, redirectOnForbidden: false })).data,
  });
}

export function useAddDeliveryReading(companyId: number, id: string) {
  const queryClient = useQueryClient();
  return async (celsius: number, note: string | null) => {
    const answer = await apiRequest<TemperatureAnswer>(coldPaths.delivery(id), {
      method: 'POST',
      body: { company: companyId, celsius, note },
      redirectOnForbidden: false,
    });
    queryClient.setQueryData(deliveryKeys.of(companyId, 'temperature', id), answer.data);
  };
}
