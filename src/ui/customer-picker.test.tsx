import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_ADDRESS } from '@contract/address';
import { foldedWords } from '@contract/fold';
import { CustomerPicker, CustomerSelectField, type ListedCustomer } from './customer-picker';
import { useSelectSearch } from './searched-select';

/** A customer option is named by all it shows (WCAG 2.5.3), its name first. */
const namedFirst = (name: string) => new RegExp(`^${name} `);

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

const ADDRESS = { ...EMPTY_ADDRESS, street: '12 Lê Lợi', ward_name: 'Phường Bến Thành', province_name: 'TP Hồ Chí Minh' };
const customer = (id: string, name: string, code: string, more: Partial<ListedCustomer> = {}): ListedCustomer => ({
  id,
  name,
  code,
  phone: null,
  address: ADDRESS,
  status: 'active',
  syncState: 'synced',
  ...more,
});
const MINH_CHAU = customer('c1', 'Nhà thuốc Minh Châu', 'KH001', { phone: '0903456789' });
const AN_KHANG = customer('c2', 'Nhà thuốc An Khang', 'KH002', { syncState: 'pending' });
const DONG = customer('c3', 'Quầy thuốc Đông', 'KH003', { status: 'inactive' });
const ALL = [MINH_CHAU, AN_KHANG, DONG];

/** The device's search as the features run it: every typed word starts a word of the name or code. */
function find(text: string): ListedCustomer[] {
  const words = foldedWords(text);
  return ALL.filter((row) => {
    const own = foldedWords(`${row.name} ${row.code}`);
    return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
  });
}

function Picker({ onPick, refuseInactive }: { onPick: (customer: ListedCustomer) => void; refuseInactive?: boolean }) {
  const search = useSelectSearch({ delay: 10, trim: true });
  return (
    <CustomerPicker
      search={search}
      customers={find(search.debounced)}
      onPick={onPick}
      refuseInactive={refuseInactive}
      tag={(row) => (row.id === AN_KHANG.id ? { label: 'Gần đây', color: 'blue' } : null)}
      testIds={{ search: 'search', results: 'results' }}
    />
  );
}

const box = () => screen.getByLabelText('Khách hàng') as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const listed = () => within(screen.getByTestId('results')).queryAllByRole('button');

describe('CustomerPicker', () => {
  it('lists the customers found, each with its code, phone, address and state', () => {
    render(<Picker onPick={vi.fn()} />, { wrapper });
    expect(box().placeholder).toBe('Tìm theo tên, mã, số điện thoại…');
    expect(listed().map((button) => button.querySelector('p')?.textContent)).toEqual(ALL.map((row) => row.name));
    const first = screen.getByRole('button', { name: namedFirst(MINH_CHAU.name) });
    expect(first.textContent).toContain('KH001 · 0903456789 · 12 Lê Lợi, Phường Bến Thành, TP Hồ Chí Minh');
    expect(within(screen.getByRole('button', { name: namedFirst(AN_KHANG.name) })).getByText('Gần đây')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: namedFirst(AN_KHANG.name) })).getByText('Chờ đồng bộ')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: namedFirst(DONG.name) })).getByText('Ngừng hoạt động')).toBeTruthy();
  });

  it('searches what is typed, without diacritics, once typing pauses, and says when nothing is found', async () => {
    render(<Picker onPick={vi.fn()} />, { wrapper });
    type('an kha');
    await waitFor(() => expect(listed().map((button) => button.querySelector('p')?.textContent)).toEqual([AN_KHANG.name]));
    type('zzz');
    expect(await screen.findByText('Không tìm thấy khách hàng nào trên máy.')).toBeTruthy();
    expect(listed()).toEqual([]);
  });

  it('calls back with the customer picked', () => {
    const onPick = vi.fn();
    render(<Picker onPick={onPick} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: namedFirst(AN_KHANG.name) }));
    expect(onPick).toHaveBeenCalledWith(AN_KHANG);
  });

  it('shows a customer who stopped trading but refuses it where the screen asks', () => {
    const onPick = vi.fn();
    render(<Picker onPick={onPick} refuseInactive />, { wrapper });
    const stopped = screen.getByRole('button', { name: namedFirst(DONG.name) }) as HTMLButtonElement;
    expect(stopped.disabled).toBe(true);
    fireEvent.click(stopped);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('moves from the box into the list and along it with the arrow keys', () => {
    render(<Picker onPick={vi.fn()} refuseInactive />, { wrapper });
    box().focus();
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: namedFirst(MINH_CHAU.name) }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: namedFirst(AN_KHANG.name) }));
    // The refused customer is not a stop: the last one that can be picked stays focused.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: namedFirst(AN_KHANG.name) }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(box());
  });
});

function Field({
  onPick,
  hint,
  withPhone,
}: {
  onPick: (customer: ListedCustomer | null, id: string | null) => void;
  hint?: string;
  withPhone?: boolean;
}) {
  const search = useSelectSearch({ delay: 10 });
  const [value, setValue] = useState<ListedCustomer | null>(null);
  return (
    <CustomerSelectField
      placeholder="Tất cả khách hàng"
      clearable
      search={search}
      found={search.debounced ? find(search.debounced) : []}
      chosen={value}
      value={value?.id ?? null}
      hint={hint}
      withPhone={withPhone}
      onPick={(picked, id) => {
        setValue(picked);
        onPick(picked, id);
      }}
      data-testid="field"
    />
  );
}

// Mantine takes a change to an input that does not have the focus for autofill: type as a person does.
const field = () => screen.getByLabelText('Khách hàng', { selector: 'input' }) as HTMLInputElement;

describe('CustomerSelectField', () => {
  it('offers what the search found, labelled with the code, and calls back with the customer chosen', async () => {
    const onPick = vi.fn();
    render(<Field onPick={onPick} />, { wrapper });
    expect(field().placeholder).toBe('Tất cả khách hàng');
    field().focus();
    fireEvent.change(field(), { target: { value: 'minh chau' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Nhà thuốc Minh Châu (KH001)' }));
    expect(onPick).toHaveBeenCalledWith(MINH_CHAU, 'c1');
    await waitFor(() => expect(field().value).toBe('Nhà thuốc Minh Châu (KH001)'));
  });

  it('is chosen from with the keyboard', async () => {
    const onPick = vi.fn();
    render(<Field onPick={onPick} />, { wrapper });
    field().focus();
    fireEvent.change(field(), { target: { value: 'nha thuoc' } });
    await screen.findByRole('option', { name: 'Nhà thuốc An Khang (KH002)' });
    fireEvent.keyDown(field(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'Enter', code: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(AN_KHANG, 'c2');
  });

  it('says what to do before anything is typed, and when nothing is found', async () => {
    render(<Field onPick={vi.fn()} hint="Gõ để tìm khách hàng" />, { wrapper });
    field().focus();
    fireEvent.click(field());
    expect(await screen.findByText('Gõ để tìm khách hàng')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'zzz' } });
    expect(await screen.findByText('Không tìm thấy khách hàng')).toBeTruthy();
  });

  it('puts the phone beside the code when asked (matching a person who shared a phone number)', async () => {
    render(<Field onPick={vi.fn()} withPhone />, { wrapper });
    field().focus();
    fireEvent.change(field(), { target: { value: 'nha thuoc' } });
    expect(await screen.findByRole('option', { name: 'Nhà thuốc Minh Châu (KH001 · 0903456789)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Nhà thuốc An Khang (KH002)' })).toBeTruthy();
  });
});
