import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef, type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { email, maxLength, required } from './input-rules';
import { RuleTextInput, type RuleInputHandle, type RuleTextInputProps } from './rule-text-input';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

function Field(props: Omit<RuleTextInputProps, 'value' | 'onChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <RuleTextInput label="Email" value={value} onChange={setValue} {...rest} />;
}

const input = () => screen.getByLabelText(/Email/) as HTMLInputElement;
const labelText = () => document.querySelector('label')?.textContent ?? '';

describe('RuleTextInput', () => {
  it('marks the label with an asterisk only when a rule is required', () => {
    const { unmount } = render(<Field rules={[required(), email()]} />, { wrapper });
    expect(labelText()).toContain('*');
    unmount();

    render(<Field rules={[email()]} />, { wrapper });
    expect(labelText()).not.toContain('*');
  });

  it('shows the first failing rule message after blur, not while typing', () => {
    render(<Field rules={[required(), maxLength(5, 'Quá dài'), email()]} />, { wrapper });
    fireEvent.change(input(), { target: { value: 'abcdefgh' } });
    expect(screen.queryByText('Quá dài')).toBeNull();

    fireEvent.blur(input());
    expect(screen.getByText('Quá dài')).toBeTruthy();
    expect(screen.queryByText('Email không hợp lệ')).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('clears the error when the user types again and checks again on blur', () => {
    render(<Field rules={[required()]} />, { wrapper });
    fireEvent.blur(input());
    expect(screen.getByText('Bạn cần điền vào mục này')).toBeTruthy();

    fireEvent.change(input(), { target: { value: 'a' } });
    expect(screen.queryByText('Bạn cần điền vào mục này')).toBeNull();

    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.blur(input());
    expect(screen.getByText('Bạn cần điền vào mục này')).toBeTruthy();
  });

  it('limits the length to 524288 by default, or to the given maxLength', () => {
    const { unmount } = render(<Field />, { wrapper });
    expect(input().getAttribute('maxlength')).toBe('524288');
    unmount();

    render(<Field maxLength={20} />, { wrapper });
    expect(input().getAttribute('maxlength')).toBe('20');
  });

  it('lets a form validate and focus the field through its ref', () => {
    const ref = createRef<RuleInputHandle>();
    render(<Field ref={ref} rules={[required()]} />, { wrapper });
    expect(screen.queryByText('Bạn cần điền vào mục này')).toBeNull();

    let valid: boolean | undefined;
    act(() => {
      valid = ref.current?.validate();
    });
    expect(valid).toBe(false);
    expect(screen.getByText('Bạn cần điền vào mục này')).toBeTruthy();

    act(() => ref.current?.focus());
    expect(document.activeElement).toBe(input());

    fireEvent.change(input(), { target: { value: 'an@cty.vn' } });
    act(() => {
      valid = ref.current?.validate();
    });
    expect(valid).toBe(true);
    expect(screen.queryByText('Bạn cần điền vào mục này')).toBeNull();
  });

  it('renders a password field when asked, still running the rules', () => {
    const onBlur = vi.fn();
    render(<Field password rules={[required('Vui lòng nhập')]} onBlur={onBlur} />, { wrapper });
    expect(input().getAttribute('type')).toBe('password');
    fireEvent.blur(input());
    expect(screen.getByText('Vui lòng nhập')).toBeTruthy();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
