import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DIGITS_ONLY } from './numeric-input';
import { StrictNumberInput } from './strict-number-input';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

function Target({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <>
      <StrictNumberInput
        label="Doanh số"
        value={value}
        onChange={setValue}
        allowDecimal={false}
        max={1_000_000}
        unit="₫"
        thousandSeparator="."
      />
      <output data-testid="kept">{String(value)}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Doanh số') as HTMLInputElement;

describe('StrictNumberInput', () => {
  it('refuses a minus sign and a letter where the person sees it, and the number stays', () => {
    render(<Target initial={500} />, { wrapper });
    const minus = fireEvent.keyDown(input(), { key: '-' });
    expect(minus).toBe(false); // the key was refused, not typed
    expect(screen.getByText(DIGITS_ONLY)).toBeTruthy();
    expect(screen.getByTestId('kept').textContent).toBe('500');
    fireEvent.keyDown(input(), { key: '7' });
    expect(screen.queryByText(DIGITS_ONLY)).toBeNull();
    expect(fireEvent.keyDown(input(), { key: 'e' })).toBe(false);
    fireEvent.blur(input());
    expect(screen.queryByText(DIGITS_ONLY)).toBeNull();
  });

  it('refuses a pasted negative number', () => {
    render(<Target />, { wrapper });
    expect(fireEvent.paste(input(), { clipboardData: { getData: () => '-1000000' } })).toBe(false);
    expect(screen.getByText(DIGITS_ONLY)).toBeTruthy();
  });

  it('keeps a value over the maximum as typed, with the maximum written as money, instead of clamping it', () => {
    render(<Target />, { wrapper });
    fireEvent.change(input(), { target: { value: '2.000.000' } });
    expect(screen.getByTestId('kept').textContent).toBe('2000000');
    expect(screen.getByText('Giá trị không được vượt quá 1.000.000 ₫')).toBeTruthy();
  });
});
