import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAskAgainAfterSync } from './ask-again-after-sync';
import { getSyncStatus, updateSyncStatus } from './sync-status';

const before = getSyncStatus();
afterEach(() => act(() => updateSyncStatus(before)));

describe('useAskAgainAfterSync', () => {
  it('asks the server again after each sync, under one key, and an unchanged answer draws nothing', async () => {
    let asked = 0;
    let draws = 0;
    let rows = [{ id: 1, name: 'Nhà thuốc Minh Châu' }];
    function List() {
      draws += 1;
      const queryKey = ['customers', 1];
      useAskAgainAfterSync(queryKey);
      const list = useQuery({
        queryKey,
        queryFn: async () => {
          asked += 1;
          return rows.map((row) => ({ ...row }));
        },
      });
      return (
        <ul>
          {list.data?.map((row) => (
            <li key={row.id}>{row.name}</li>
          ))}
        </ul>
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <List />
      </QueryClientProvider>,
    );
    await screen.findByText('Nhà thuốc Minh Châu');
    expect(asked).toBe(1);
    const drawn = draws;

    // A sync's phases and counters ask nothing; its end asks once, and the same rows draw nothing.
    act(() => updateSyncStatus({ phase: 'pulling', progress: { done: 1, total: 2 } }));
    act(() => updateSyncStatus({ phase: 'idle', progress: null, lastSyncedAt: '2026-12-05T10:00:00Z' }));
    await waitFor(() => expect(asked).toBe(2));
    await act(() => client.getQueryCache().find({ queryKey: ['customers', 1] })!.promise);
    expect(draws).toBe(drawn);
    expect(client.getQueryCache().findAll()).toHaveLength(1);

    // The next sync's changed answer is drawn.
    rows = [...rows, { id: 2, name: 'Nhà thuốc Thủ Đức Xanh' }];
    act(() => updateSyncStatus({ lastSyncedAt: '2026-12-05T10:05:00Z' }));
    await screen.findByText('Nhà thuốc Thủ Đức Xanh');
    expect(asked).toBe(3);
  });
});
