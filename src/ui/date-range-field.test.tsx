import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeField, RANGE_ERRORS, datePresets, parseRangeText, type IsoRange } from './date-range-field';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

/** The field as a filter holds it: the value its last change sent. */
function Field({
  onChange,
  initial = [null, null],
  ...props
}: {
  onChange: (range: IsoRange) => void;
  initial?: IsoRange;
  maxDate?: string;
}) {
  const [value, setValue] = useState<IsoRange>(initial);
  return (
    <DateRangeField
      label="Ngày tạo"
      value={value}
      onChange={(range) => {
        onChange(range);
        setValue(range);
      }}
      data-testid="dates"
      {...props}
    />
  );
}

const input = () => screen.getByLabelText('Ngày tạo') as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const enter = () => fireEvent.keyDown(input(), { key: 'Enter' });

const SHAPES: [string, IsoRange][] = [
  ['01/11/2026 – 30/11/2026', ['2026-11-01', '2026-11-30']],
  ['1/11/2026-30/11/2026', ['2026-11-01', '2026-11-30']],
  ['01112026 30112026', ['2026-11-01', '2026-11-30']],
  ['21-11-2026 - 30-11-2026', ['2026-11-21', '2026-11-30']],
  ['05/11/2026', ['2026-11-05', '2026-11-05']],
];

describe('DateRangeField', () => {
  it.each(SHAPES)('takes %s typed, on leaving the field, and shows it as DD/MM/YYYY – DD/MM/YYYY', (text, range) => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />, { wrapper });
    fireEvent.focus(input());
    type(text);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input());
    expect(onChange).toHaveBeenCalledExactlyOnceWith(range);
    expect(input().value).toBe(`${range[0]!.split('-').reverse().join('/')} – ${range[1]!.split('-').reverse().join('/')}`);
  });

  it.each(SHAPES)('takes %s typed, on Enter', (text, range) => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />, { wrapper });
    type(text);
    enter();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(range);
  });

  it('keeps what is typed exactly as typed while typing', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={['2026-10-01', '2026-10-31']} />, { wrapper });
    expect(input().value).toBe('01/10/2026 – 31/10/2026');
    for (const partial of ['0', '01', '01/1', '01/11/2026', '01/11/2026 -', '01/11/2026 - 3', '01/11/2026 - 30/11/2026']) {
      type(partial);
      expect(input().value).toBe(partial);
    }
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says how to write a range it cannot read, and changes nothing', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={['2026-10-01', '2026-10-31']} />, { wrapper });
    for (const text of [
      'hôm qua',
      '01/11/20',
      '31/02/2026',
      '01/11/2026 – 30/11/2026 – 05/12/2026',
      '2026-11-01',
      '01/11/2026 x 30/11/2026',
    ]) {
      type(text);
      enter();
      expect(screen.getByText(RANGE_ERRORS.unreadable)).toBeTruthy();
      expect(input().value).toBe(text);
      expect(input().getAttribute('aria-invalid')).toBe('true');
    }
    fireEvent.blur(input());
    expect(onChange).not.toHaveBeenCalled();
    // Typing again takes the error away.
    type('01/11/2026 – 3');
    expect(screen.queryByText(RANGE_ERRORS.unreadable)).toBeNull();
  });

  it('refuses an end before the start, in Vietnamese, and changes nothing', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />, { wrapper });
    type('30/11/2026 – 01/11/2026');
    fireEvent.blur(input());
    expect(screen.getByText('Ngày kết thúc không được trước ngày bắt đầu')).toBeTruthy();
    expect(input().value).toBe('30/11/2026 – 01/11/2026');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a day after the last one allowed', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} maxDate="2026-11-20" />, { wrapper });
    type('01/11/2026 – 30/11/2026');
    enter();
    expect(screen.getByText('Không chọn được ngày sau 20/11/2026')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    type('01/11/2026 – 20/11/2026');
    enter();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['2026-11-01', '2026-11-20']);
  });

  it('sends nothing when the text left is the range it already holds', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={['2026-11-01', '2026-11-30']} />, { wrapper });
    fireEvent.blur(input());
    type('1/11/2026-30/11/2026');
    enter();
    expect(onChange).not.toHaveBeenCalled();
    expect(input().value).toBe('01/11/2026 – 30/11/2026');
  });

  it('picks a range on the calendar opened by its button, sent once complete', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={['2026-11-01', '2026-11-30']} />, { wrapper });
    const button = screen.getByRole('button', { name: 'Chọn trên lịch' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const calendar = await screen.findByRole('dialog', { name: 'Chọn khoảng ngày trên lịch' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(calendar.textContent).toContain('Hôm nay');
    fireEvent.click(screen.getByRole('button', { name: '5 tháng 11 2026' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '12 tháng 11 2026' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['2026-11-05', '2026-11-12']);
    expect(input().value).toBe('05/11/2026 – 12/11/2026');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('picks one day as a range by clicking it twice', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={['2026-11-01', '2026-11-30']} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Chọn trên lịch' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: '7 tháng 11 2026' }));
    fireEvent.click(screen.getByRole('button', { name: '7 tháng 11 2026' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['2026-11-07', '2026-11-07']);
  });

  it('takes a preset at once', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Chọn trên lịch' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Tháng trước' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(datePresets()[5]!.value);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears the range with its clear button, sending [null, null]', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={['2026-11-01', '2026-11-30']} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Xóa khoảng ngày' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([null, null]);
    expect(input().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Xóa khoảng ngày' })).toBeNull();
  });

  it('clears the range when its text is deleted', () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={['2026-11-01', '2026-11-30']} />, { wrapper });
    type('');
    enter();
    expect(onChange).toHaveBeenCalledExactlyOnceWith([null, null]);
  });

  it('shows a new value from outside in place of what was typed', () => {
    const onChange = vi.fn();
    const { rerender } = render(<DateRangeField label="Ngày tạo" value={['2026-11-01', '2026-11-30']} onChange={onChange} />, { wrapper });
    type('05/1');
    rerender(<DateRangeField label="Ngày tạo" value={['2026-12-01', '2026-12-31']} onChange={onChange} />);
    expect(input().value).toBe('01/12/2026 – 31/12/2026');
    rerender(<DateRangeField label="Ngày tạo" value={[null, null]} onChange={onChange} />);
    expect(input().value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is named by its label, or by its placeholder when it has none', () => {
    render(<DateRangeField value={[null, null]} onChange={vi.fn()} data-testid="dates" />, { wrapper });
    const field = screen.getByRole('textbox', { name: 'Từ ngày – đến ngày' });
    expect(field).toBe(screen.getByTestId('dates'));
  });

  it('opens the calendar from the keyboard and closes it with Escape', async () => {
    render(<Field onChange={vi.fn()} />, { wrapper });
    const button = screen.getByRole('button', { name: 'Chọn trên lịch' });
    act(() => button.focus());
    fireEvent.click(button);
    const calendar = await screen.findByRole('dialog');
    fireEvent.keyDown(calendar, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('parseRangeText', () => {
  it('reads the days wherever the dashes are', () => {
    expect(parseRangeText(' 1-11-2026 – 30-11-2026 ')).toEqual({ range: ['2026-11-01', '2026-11-30'] });
    expect(parseRangeText('01112026-30112026')).toEqual({ range: ['2026-11-01', '2026-11-30'] });
    expect(parseRangeText('1.11.2026 ~ 3.11.2026')).toEqual({ range: ['2026-11-01', '2026-11-03'] });
    expect(parseRangeText('')).toEqual({ error: RANGE_ERRORS.unreadable });
    expect(parseRangeText('123/11/2026')).toEqual({ error: RANGE_ERRORS.unreadable });
  });
});
