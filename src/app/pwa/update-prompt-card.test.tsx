import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateSyncStatus } from '@/sync/sync-status';
import { UpdatePromptCard } from './update-prompt-card';

function renderCard(onApply: () => boolean) {
  render(
    <MantineProvider env="test">
      <UpdatePromptCard onApply={onApply} />
    </MantineProvider>,
  );
}

const reloadButton = () => screen.getByRole('button');

describe('UpdatePromptCard', () => {
  afterEach(() => act(() => updateSyncStatus({ phase: 'idle' })));

  it('says a new version is there and reloads only when asked', () => {
    const onApply = vi.fn(() => true);
    renderCard(onApply);
    expect(screen.getByText('Có phiên bản mới')).toBeTruthy();
    expect(reloadButton().textContent).toContain('Tải lại');
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(reloadButton());
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('holds the action while a sync runs, and gives it back when the sync ends', () => {
    const onApply = vi.fn(() => true);
    act(() => updateSyncStatus({ phase: 'pushing' }));
    renderCard(onApply);
    expect(reloadButton().textContent).toContain('Đang đồng bộ…');
    expect(reloadButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(reloadButton());
    expect(onApply).not.toHaveBeenCalled();

    act(() => updateSyncStatus({ phase: 'pulling' }));
    expect(reloadButton().hasAttribute('disabled')).toBe(true);

    act(() => updateSyncStatus({ phase: 'idle' }));
    expect(reloadButton().textContent).toContain('Tải lại');
    expect(reloadButton().hasAttribute('disabled')).toBe(false);
    fireEvent.click(reloadButton());
    expect(onApply).toHaveBeenCalledTimes(1);
  });
});
