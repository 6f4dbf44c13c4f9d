import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { toastedWrite } from './toasted-write';

vi.mock('./toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('a write with its toast', () => {
  beforeEach(() => vi.clearAllMocks());

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
