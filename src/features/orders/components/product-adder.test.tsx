import { MantineProvider } from '@mantine/core';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { toast } from '@/ui/toast';
import { loadCartPricing } from '../model/cart-pricing';
import { ALL_ON, COMPANY, RETAIL, seedCatalogue } from '@/testing/order-fixtures';
import { ProductAdder } from './product-adder';

// The screen answers through IndexedDB; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

let db: AppDb;
const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

beforeEach(async () => {
  db = new AppDb(`product-adder-${uuidv7()}`);
  await db.open();
  await seedCatalogue(db);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  db.close();
  await Dexie.delete(db.name);
});

async function renderAdder() {
  const onAdd = vi.fn();
  const pricing = await loadCartPricing(db, COMPANY, RETAIL, ALL_ON, new Date('2026-11-21T03:00:00Z'));
  render(<ProductAdder db={db} companyId={COMPANY} pricing={pricing} onAdd={onAdd} />, { wrapper });
  return onAdd;
}

/** A USB scanner: the digits arrive a few ms apart, then Enter, outside any input. */
function wedge(code: string) {
  for (const key of code) fireEvent.keyDown(document.body, { key });
  fireEvent.keyDown(document.body, { key: 'Enter' });
}

describe('ProductAdder', () => {
  it('finds variants without diacritics and shows each unit at the customer price', async () => {
    const onAdd = await renderAdder();
    fireEvent.change(screen.getByTestId('product-search'), { target: { value: 'bao thanh' } });
    const result = await screen.findByTestId('product-result');
    expect(result.textContent).toContain('Siro ho Bảo Thanh');
    fireEvent.change(screen.getByTestId('product-search'), { target: { value: 'para' } });
    await waitFor(() => expect(screen.getByTestId('product-result').textContent).toContain('Paracetamol 500mg'));
    const strip = screen.getAllByTestId('add-unit').find((button) => button.dataset.unit === 'vỉ')!;
    expect(strip.textContent?.replace(/\u00a0/g, ' ')).toBe('vỉ · 17.500 ₫ ↓');
    fireEvent.click(strip);
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 10 }), 'vỉ');
    expect((screen.getByTestId('product-search') as HTMLInputElement).value).toBe('');
  });

  it('adds the scanned unit from a keyboard-wedge scanner, and says when a barcode is unknown', async () => {
    const onAdd = await renderAdder();
    const error = vi.spyOn(toast, 'error');
    await act(async () => {
      vi.spyOn(Date, 'now').mockReturnValue(1_000);
      wedge('8930000000028');
    });
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 10 }), 'hộp'));
    await act(async () => {
      wedge('8930000099999');
    });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Không tìm thấy sản phẩm có mã vạch 8930000099999'));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('takes a scan typed into the search box (the scanner ends with Enter)', async () => {
    const onAdd = await renderAdder();
    const input = screen.getByTestId('product-search');
    fireEvent.change(input, { target: { value: '8930000000011' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 10 }), 'vỉ'));
    expect((input as HTMLInputElement).value).toBe('');
  });
});
