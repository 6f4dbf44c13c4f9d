import { afterEach, describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { appQueryClient } from './query-client';
import { clearServerCache, serverDataChanged } from '@/api/server-cache';

describe('server cache', () => {
  afterEach(() => appQueryClient().clear());

  it('marks cached server figures stale when this device’s work was applied, and forgets them at sign-out', async () => {
    const client: QueryClient = appQueryClient();
    await client.fetchQuery({ queryKey: ['kpi', 1], queryFn: () => ({ revenue: 0 }), staleTime: 60_000 });
    expect(client.getQueryState(['kpi', 1])?.isInvalidated).toBe(false);
    serverDataChanged();
    expect(client.getQueryState(['kpi', 1])?.isInvalidated).toBe(true);
    clearServerCache();
    expect(client.getQueryData(['kpi', 1])).toBeUndefined();
  });
});
