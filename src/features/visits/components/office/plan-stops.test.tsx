import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/screen-harness';
import { moveStop, PlanStops, withFrequency, type EditedStop } from './plan-stops';

const stop = (name: string, extra: Partial<EditedStop> = {}): EditedStop => ({
  customer_id: '00000000-0000-4000-8000-000000000001',
  customer_name: name,
  frequency: 'F4',
  weekdays: [1],
  weeks: [],
  ...extra,
});

const STOPS = [
  stop('A', { customer_id: '00000000-0000-4000-8000-000000000001' }),
  stop('B', { customer_id: '00000000-0000-4000-8000-000000000002' }),
  stop('C', { customer_id: '00000000-0000-4000-8000-000000000003' }),
];

function Harness({ initial = STOPS }: { initial?: EditedStop[] }) {
  const [stops, setStops] = useState(initial);
  return <PlanStops stops={stops} onChange={setStops} />;
}

const order = () => screen.getAllByTestId('plan-stop').map((row) => row.getAttribute('data-customer'));

afterEach(cleanup);

describe('moveStop and withFrequency', () => {
  it('moves one stop and keeps the others in order', () => {
    expect(moveStop(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveStop(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveStop(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('keeps the days that still fit and picks the first weeks F1 and F2 allow', () => {
    const twice = stop('A', { frequency: 'F8', weekdays: [1, 4] });
    expect(withFrequency(twice, 'F4')).toMatchObject({ frequency: 'F4', weekdays: [1], weeks: [] });
    expect(withFrequency(twice, 'F2')).toMatchObject({ weekdays: [1], weeks: [1, 3] });
    expect(withFrequency(stop('A', { frequency: 'F1', weeks: [3] }), 'F1').weeks).toEqual([3]);
    expect(withFrequency(stop('A', { frequency: 'F2', weeks: [2, 4] }), 'F4').weeks).toEqual([]);
  });
});

describe('the stops of a plan', () => {
  it('moves a stop with the "Lên" / "Xuống" buttons, the first and last unable to go further', async () => {
    renderScreen(<Harness />);
    await screen.findAllByTestId('plan-stop');
    expect((screen.getByRole('button', { name: 'Lên A' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Xuống C' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Xuống A' }));
    expect(order()).toEqual(['B', 'A', 'C']);
    fireEvent.click(screen.getByRole('button', { name: 'Lên C' }));
    expect(order()).toEqual(['B', 'C', 'A']);
    expect(screen.getAllByTestId('plan-stop')[0]!.textContent).toContain('1. B');
  });

  it('moves a stop dragged onto another row', async () => {
    renderScreen(<Harness />);
    const rows = await screen.findAllByTestId('plan-stop');
    const data = { effectAllowed: '', dropEffect: '', setData: () => undefined };
    fireEvent.dragStart(rows[0]!, { dataTransfer: data });
    fireEvent.dragOver(rows[2]!, { dataTransfer: data });
    fireEvent.drop(rows[2]!, { dataTransfer: data });
    expect(order()).toEqual(['B', 'C', 'A']);
  });

  it('says what a stop lacks for its frequency, then its rule once the days fit', async () => {
    renderScreen(<Harness initial={[stop('A', { frequency: 'F8', weekdays: [1] })]} />);
    expect((await screen.findByTestId('plan-stop-problem')).textContent).toBe('Tần suất F8 cần chọn 2 ngày trong tuần');
    const days = screen.getByRole('group', { name: 'Thứ trong tuần – A' });
    fireEvent.click(within(days).getByRole('checkbox', { name: 'T5' }));
    expect(screen.queryByTestId('plan-stop-problem')).toBeNull();
    expect(screen.getByTestId('plan-stop-rule').textContent).toBe('F8 – tuần 2 lần: T2, T5');
  });

  it('offers the weeks of the month for F1 and F2 only', async () => {
    renderScreen(<Harness initial={[stop('A', { frequency: 'F1', weekdays: [3], weeks: [1] }), STOPS[1]!]} />);
    const weeks = await screen.findByRole('group', { name: 'Tuần trong tháng – A' });
    fireEvent.click(within(weeks).getByRole('radio', { name: 'Tuần 3' }));
    expect(screen.getAllByTestId('plan-stop-rule')[0]!.textContent).toBe('F1 – tháng 1 lần: T4, tuần 3');
    expect(screen.queryByRole('group', { name: 'Tuần trong tháng – B' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bỏ A khỏi tuyến' }));
    expect(order()).toEqual(['B']);
  });
});
