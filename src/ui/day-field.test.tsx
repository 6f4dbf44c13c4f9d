import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DayField } from './day-field';
import { DAY_ERRORS } from './day-errors';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

/** The field as a form holds it: the day its last change sent. */
function Field({
  onChange,
  initial = null,
  ...bounds
}: {
  onChange: (day: string | null) => void;
  initial?: string | null;
  minDate?: string;
  maxDate?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DayField
      label="Hạn dùng"
      value={value}
      onChange={(day) => {
        onChange(day);
        setValue(day);
      }}
      {...bounds}
    />
  );
}

const input = () => screen.getByLabelText('Hạn dùng') as HTMLInputElement;

/** Typed into the focused field, which is then left. */
function typeAndLeave(text: string) {
  act(() => {
    input().focus();
    fireEvent.change(input(), { target: { value: text } });
    fireEvent.blur(input());
  });
}

describe('DayField', () => {
  it.each([
    ['05/03/2027', '2027-03-05'],
    ['5/3/2027', '2027-03-05'],
    ['05032027', '2027-03-05'],
    ['5-3-2027', '2027-03-05'],
  ])('takes %s typed and shows it as DD/MM/YYYY', (text, day) => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />, { wrapper });
    typeAndLeave(text);
    expect(onChange).toHaveBeenLastCalledWith(day);
    expect(input().value).toBe('05/03/2027');
    expect(input().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('keeps its day on text it cannot read, and says what was typed', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial="2027-03-05" />, { wrapper });
    typeAndLeave('31/02/2027');
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^2027-02/));
    expect(screen.getByText(DAY_ERRORS.unreadable('31/02/2027'))).toBeTruthy();
    expect(input().value).toBe('05/03/2027');
    // A day it can take ends the message.
    typeAndLeave('06/03/2027');
    expect(onChange).toHaveBeenLastCalledWith('2027-03-06');
    expect(screen.queryByText(DAY_ERRORS.unreadable('31/02/2027'))).toBeNull();
  });

  it('refuses a day outside its bounds with the bound in the message', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} minDate="2027-01-01" maxDate="2027-12-31" />, { wrapper });
    typeAndLeave('01/01/2028');
    expect(screen.getByText(DAY_ERRORS.late('2027-12-31'))).toBeTruthy();
    typeAndLeave('31/12/2026');
    expect(screen.getByText(DAY_ERRORS.early('2027-01-01'))).toBeTruthy();
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^\d/));
  });
});
