/**
 * After a write the server took: pull what it changed into the device's mirrors now, and read the
 * screens' queries of what it touched again.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { requestSync } from './engine';

export async function refreshAfterWrite(queryClient: QueryClient, queryKeys: readonly QueryKey[]): Promise<void> {
  requestSync(0);
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
