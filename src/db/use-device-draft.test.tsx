import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeviceDraft } from './use-device-draft';

/** A store whose writes finish only when the test lets them, as a slow phone's IndexedDB would. */
function slowStore(initial: string) {
  let stored = initial;
  const pending: (() => void)[] = [];
  const writes: string[] = [];
  return {
    stored: () => stored,
    writes,
    release: () => pending.splice(0).forEach((finish) => finish()),
    store: {
      read: () => Promise.resolve(stored),
      write: (value: string) =>
        new Promise<void>((resolve) =>
          pending.push(() => {
            stored = value;
            writes.push(value);
            resolve();
          }),
        ),
      failed: () => {},
    },
  };
}

describe('useDeviceDraft', () => {
  it('shows every keystroke at once while writes are still on their way, then writes them all in order', async () => {
    const device = slowStore('');
    const { result } = renderHook(() => useDeviceDraft('note', device.store));
    await waitFor(() => expect(result.current.value).toBe(''));

    for (const letter of 'Thieu 2 hop') act(() => result.current.update((text) => text + letter));
    expect(result.current.value).toBe('Thieu 2 hop');
    expect(result.current.saved).toBe(false);

    // Writes land one after another; the screen never goes back to an older text.
    while (device.writes.length < 'Thieu 2 hop'.length) {
      await act(async () => {
        device.release();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(result.current.value).toBe('Thieu 2 hop');
    }
    await act(() => result.current.flush());
    expect(device.stored()).toBe('Thieu 2 hop');
    expect(device.writes.at(-1)).toBe('Thieu 2 hop');
    expect(result.current.saved).toBe(true);
  });

  it('reads afresh for another key and writes nothing after close', async () => {
    const device = slowStore('giỏ cũ');
    const { result, rerender } = renderHook(({ key }) => useDeviceDraft(key, device.store), { initialProps: { key: 'a' } });
    await waitFor(() => expect(result.current.value).toBe('giỏ cũ'));
    act(() => result.current.close());
    act(() => result.current.update(() => 'không ghi'));
    expect(result.current.value).toBe('giỏ cũ');
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.value).toBe('giỏ cũ'));
    expect(device.writes).toEqual([]);
  });

  it('tells the screen when the device could not keep a change', async () => {
    const failures: unknown[] = [];
    const { result } = renderHook(() =>
      useDeviceDraft('x', {
        read: async () => 1,
        write: () => Promise.reject(new Error('QuotaExceededError')),
        failed: (e) => failures.push(e),
      }),
    );
    await waitFor(() => expect(result.current.value).toBe(1));
    act(() => result.current.update((n) => n + 1));
    await act(() => result.current.flush());
    expect(failures).toHaveLength(1);
    expect(result.current.value).toBe(2);
  });
});
