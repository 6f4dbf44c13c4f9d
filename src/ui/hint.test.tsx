import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Hint } from './hint';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

describe('Hint', () => {
  it('shows its child alone, and its label once a pointer rests on the child, until it leaves', async () => {
    render(
      <Hint label="1.234.567.890 ₫">
        <span>1,23 tỷ</span>
      </Hint>,
      { wrapper },
    );
    const child = screen.getByText('1,23 tỷ');
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerEnter(child);
    expect((await screen.findByRole('tooltip')).textContent).toBe('1.234.567.890 ₫');
    // The child is still one, now under the tooltip.
    expect(screen.getAllByText('1,23 tỷ')).toHaveLength(1);

    fireEvent.mouseLeave(screen.getByText('1,23 tỷ'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
