import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { toastedWrite } from './toasted-write';

// Spies on the one toast object rather than a module mock: the unit project shares a module graph
// per worker (vitest.config.ts), where a module mock would miss a toast module already loaded.
describe('a write with its toast', () => {
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockImplementation(() => '');
    vi.spyOn(toast, 'error').mockImplementation(() => '');
  });
  afterEach(() => vi.restoreAllMocks());

  it('toasts what the write answers and says it went through', async () => {
    expect(
      await toastedWrite(
        async () => 'Đã xóa',
        () => 'x',
      ),
    ).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('Đã xóa');
  });

  it('toasts nothing for a silent success', async () => {
    expect(
      await toastedWrite(
        async () => undefined,
        () => 'x',
      ),
    ).toBe(true);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('toasts why it failed and says it did not go through', async () => {
    const failure = vi.fn(() => 'Không xóa được');
    expect(await toastedWrite(() => Promise.reject(new Error('boom')), failure)).toBe(false);
    expect(failure).toHaveBeenCalledWith(new Error('boom'));
    expect(toast.error).toHaveBeenCalledWith('Không xóa được');
  });
});
