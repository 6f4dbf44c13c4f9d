import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSyncStatus, updateSyncStatus, useSyncStatus } from './sync-status';

const before = getSyncStatus();
afterEach(() => act(() => updateSyncStatus(before)));

describe('useSyncStatus', () => {
  it('with a part chosen, draws again when that part changes, not on every other change of the status', () => {
    let draws = 0;
    function Online() {
      draws += 1;
      return <span>{useSyncStatus((sync) => sync.online) ? 'có mạng' : 'mất mạng'}</span>;
    }
    act(() => updateSyncStatus({ online: true }));
    render(<Online />);
    expect(screen.getByText('có mạng')).toBeTruthy();
    const first = draws;
    // A sync's phases and counters: what the list screens drew themselves again for.
    act(() => updateSyncStatus({ phase: 'pulling', progress: { done: 100, total: 1_000 } }));
    act(() => updateSyncStatus({ progress: { done: 600, total: 1_000 }, pending: 3 }));
    act(() => updateSyncStatus({ phase: 'idle', progress: null, lastSyncedAt: '2026-12-05T10:00:00Z' }));
    expect(draws).toBe(first);
    act(() => updateSyncStatus({ online: false }));
    expect(screen.getByText('mất mạng')).toBeTruthy();
    expect(draws).toBe(first + 1);
  });

  it('without a part, gives the whole status and follows each change', () => {
    function Pill() {
      const status = useSyncStatus();
      return <span>{`${status.phase} ${status.pending}`}</span>;
    }
    act(() => updateSyncStatus({ phase: 'idle', pending: 0 }));
    render(<Pill />);
    expect(screen.getByText('idle 0')).toBeTruthy();
    act(() => updateSyncStatus({ phase: 'pushing', pending: 2 }));
    expect(screen.getByText('pushing 2')).toBeTruthy();
  });
});
