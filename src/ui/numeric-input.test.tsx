import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef, type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { required } from './input-rules';
import { DIGITS_ONLY, NumericInput, type NumericInputProps } from './numeric-input';
import type { RuleInputHandle } from './rule-text-input';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

function Field(props: Omit<NumericInputProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <NumericInput label="Số lượng" value={value} onChange={setValue} {...props} />;
}

const input = () => screen.getByLabelText(/Số lượng/) as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('NumericInput', () => {
  it('refuses what is not a digit where the person sees it, keeping the number as it was', () => {
    render(<Field />, { wrapper });
    type('12');
    type('-12');
    expect(input().value).toBe('12');
    expect(screen.getByText(DIGITS_ONLY)).toBeTruthy();
    type('12,5');
    expect(input().value).toBe('12');
    type('125');
    expect(input().value).toBe('125');
    expect(screen.queryByText(DIGITS_ONLY)).toBeNull();
    expect(input().getAttribute('inputmode')).toBe('numeric');
  });

  it('takes a whole number pasted with its thousands grouped', () => {
    render(<Field />, { wrapper });
    type('1.234.567');
    expect(input().value).toBe('1234567');
    type('12 500');
    expect(input().value).toBe('12500');
    expect(screen.queryByText(DIGITS_ONLY)).toBeNull();
  });

  it('writes the maximum as people read it, with its unit', () => {
    render(<Field max={1_000_000} unit="₫" />, { wrapper });
    type('1000001');
    expect(screen.getByText('Giá trị không được vượt quá 1.000.000 ₫')).toBeTruthy();
  });

  it('shows the maximum error while typing and removes it when the value fits', () => {
    render(<Field max={100} />, { wrapper });
    type('150');
    expect(screen.getByText('Giá trị không được vượt quá 100')).toBeTruthy();
    type('15');
    expect(screen.queryByText('Giá trị không được vượt quá 100')).toBeNull();
    type('100');
    expect(screen.queryByText('Giá trị không được vượt quá 100')).toBeNull();
  });

  it('checks the maximum on blur and through a form validate() as well', () => {
    const ref = createRef<RuleInputHandle>();
    render(<Field max={100} ref={ref} />, { wrapper });
    type('101');
    fireEvent.blur(input());
    expect(screen.getAllByText('Giá trị không được vượt quá 100')).toHaveLength(1);
    let valid: boolean | undefined;
    act(() => {
      valid = ref.current?.validate();
    });
    expect(valid).toBe(false);
  });

  it('runs the other rules on blur', () => {
    render(<Field rules={[required()]} />, { wrapper });
    fireEvent.blur(input());
    expect(screen.getByText('Bạn cần điền vào mục này')).toBeTruthy();
  });
});
