import { Button, MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useMemo, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { foldedWords } from '@contract/fold';
import type { VariantUnit } from '@contract/products';
import { variantName } from '@/lib/line-name';
import { toast } from './toast';
import { useSelectSearch } from './searched-select';
import {
  notFoundMessage,
  useVariantAdder,
  VariantAdderField,
  variantOptionLabel,
  VariantSelectField,
  type ScanHit,
} from './variant-picker';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

type TestVariant = { id: number; product_name: string; name: string; code: string; active: boolean; units: VariantUnit[] };

const unit = (name: string, factor: number, barcode: string | null): VariantUnit => ({
  unit: name,
  factor,
  price: 1_000 * factor,
  wholesale_price: null,
  barcode,
});
const PARA: TestVariant = {
  id: 10,
  product_name: 'Paracetamol',
  name: '500mg',
  code: 'PARA500',
  active: true,
  units: [unit('vỉ', 1, '8930000000011'), unit('hộp', 10, '8930000000028')],
};
const SIRO: TestVariant = {
  id: 20,
  product_name: 'Siro ho Bảo Thanh',
  name: '',
  code: 'BT125',
  active: true,
  units: [unit('chai', 1, null)],
};
const BERBERIN: TestVariant = {
  id: 30,
  product_name: 'Berberin',
  name: 'Berberin',
  code: 'BER',
  active: false,
  units: [unit('lọ', 1, '8930000000035')],
};
const ALL = [PARA, SIRO, BERBERIN];

/** The device's search as the features run it: every typed word starts a word of the title or code. */
function search(text: string): TestVariant[] {
  const words = foldedWords(text);
  return ALL.filter((row) => {
    const own = foldedWords(`${variantName(row)} ${row.code}`);
    return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
  });
}

async function findCode(code: string): Promise<ScanHit<TestVariant> | null> {
  for (const variant of ALL) {
    const found = variant.units.find((candidate) => candidate.barcode === code);
    if (found) return { variant, unit: found };
  }
  return null;
}

function Adder({ onAdd, disabled }: { onAdd: (variant: TestVariant, unit: string) => void; disabled?: boolean }) {
  const adder = useVariantAdder<TestVariant>({
    find: findCode,
    onAdd,
    refuse: (variant) => (variant.active ? null : `${variantName(variant)} đã ngừng kinh doanh`),
    disabled,
  });
  return (
    <VariantAdderField
      adder={adder}
      results={adder.debounced ? search(adder.debounced) : null}
      label="Thêm sản phẩm"
      placeholder="Tìm theo tên, mã…"
      scanSize="36px"
      testIds={{ root: 'adder', search: 'search', scan: 'scan', results: 'results', result: 'result' }}
      renderResult={(variant, pick) =>
        variant.units.map((candidate) => (
          <Button key={candidate.unit} onClick={() => pick(candidate.unit)} aria-label={`Thêm ${candidate.unit} ${variantName(variant)}`}>
            + {candidate.unit}
          </Button>
        ))
      }
    />
  );
}

const box = () => screen.getByLabelText('Thêm sản phẩm') as HTMLInputElement;

/** A USB scanner: the digits a few ms apart, then Enter, outside any input. */
function wedge(code: string) {
  for (const key of code) fireEvent.keyDown(document.body, { key });
  fireEvent.keyDown(document.body, { key: 'Enter' });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('VariantAdderField', () => {
  it('searches what is typed once typing pauses, and says when nothing is found', async () => {
    render(<Adder onAdd={vi.fn()} />, { wrapper });
    expect(box().placeholder).toBe('Tìm theo tên, mã…');
    fireEvent.change(box(), { target: { value: 'bao thanh' } });
    // Not yet: the search waits for the typing to settle.
    expect(screen.queryByTestId('results')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Thêm chai Siro ho Bảo Thanh' })).toBeTruthy();
    expect(screen.getAllByTestId('result')).toHaveLength(1);
    fireEvent.change(box(), { target: { value: 'zzz' } });
    expect(await screen.findByText('Không tìm thấy sản phẩm nào trên máy.')).toBeTruthy();
  });

  it('adds the unit picked, then empties the box and keeps the focus there for the next search', async () => {
    const onAdd = vi.fn();
    render(<Adder onAdd={onAdd} />, { wrapper });
    fireEvent.change(box(), { target: { value: 'para' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm hộp Paracetamol – 500mg' }));
    expect(onAdd).toHaveBeenCalledExactlyOnceWith(PARA, 'hộp');
    expect(box().value).toBe('');
    expect(document.activeElement).toBe(box());
  });

  it('adds the scanned unit of a code a scanner types anywhere on the page, and says when it cannot', async () => {
    const onAdd = vi.fn();
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const warning = vi.spyOn(toast, 'warning');
    render(<Adder onAdd={onAdd} />, { wrapper });
    await act(async () => wedge('8930000000028'));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith(PARA, 'hộp'));
    expect(success).toHaveBeenCalledWith('Đã thêm 1 hộp Paracetamol – 500mg');
    await act(async () => wedge('8930000099999'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(notFoundMessage('8930000099999')));
    await act(async () => wedge('8930000000035'));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('Berberin đã ngừng kinh doanh'));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('takes a code typed into the box and ended by Enter as a scan, not a search', async () => {
    const onAdd = vi.fn();
    render(<Adder onAdd={onAdd} />, { wrapper });
    fireEvent.change(box(), { target: { value: '8930000000011' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith(PARA, 'vỉ'));
    expect(box().value).toBe('');
    expect(screen.getByRole('button', { name: 'Quét mã vạch' })).toBeTruthy();
  });

  it('draws the result cards again when the results change, not at every key, and adds with the latest onAdd', async () => {
    const drawn = vi.fn();
    const renderResult = (variant: TestVariant, pick: (unit: string) => void) => {
      drawn(variant.code);
      return <Button onClick={() => pick('vỉ')}>{`Thêm vỉ ${variantName(variant)}`}</Button>;
    };
    const added: string[] = [];
    function Stable() {
      const [round, setRound] = useState(0);
      // A new onAdd at every draw, as a screen passes an arrow: the pick must reach the newest.
      const adder = useVariantAdder<TestVariant>({ find: findCode, onAdd: (variant) => added.push(`${variant.code}@${round}`) });
      const results = useMemo(() => (adder.debounced ? search(adder.debounced) : null), [adder.debounced]);
      return (
        <>
          <Button onClick={() => setRound((n) => n + 1)}>Vẽ lại</Button>
          <VariantAdderField
            adder={adder}
            results={results}
            label="Thêm sản phẩm"
            placeholder="Tìm theo tên, mã…"
            scanSize="36px"
            testIds={{ root: 'adder', search: 'search', scan: 'scan', results: 'results', result: 'result' }}
            renderResult={renderResult}
          />
        </>
      );
    }
    render(<Stable />, { wrapper });
    fireEvent.change(box(), { target: { value: 'par' } });
    await screen.findByRole('button', { name: 'Thêm vỉ Paracetamol – 500mg' });
    const before = drawn.mock.calls.length;
    fireEvent.change(box(), { target: { value: 'para' } });
    fireEvent.change(box(), { target: { value: 'parac' } });
    expect(box().value).toBe('parac');
    expect(drawn.mock.calls.length).toBe(before);
    fireEvent.change(box(), { target: { value: 'siro' } });
    await screen.findByRole('button', { name: 'Thêm vỉ Siro ho Bảo Thanh' });
    expect(drawn.mock.calls.length).toBeGreaterThan(before);
    fireEvent.click(screen.getByRole('button', { name: 'Vẽ lại' }));
    fireEvent.click(screen.getByRole('button', { name: 'Thêm vỉ Siro ho Bảo Thanh' }));
    expect(added).toEqual(['BT125@1']);
  });

  it('takes no scan while disabled', async () => {
    const onAdd = vi.fn();
    const error = vi.spyOn(toast, 'error');
    render(<Adder onAdd={onAdd} disabled />, { wrapper });
    expect(box().disabled).toBe(true);
    await act(async () => wedge('8930000000028'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onAdd).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

function Field({ onPick }: { onPick: (variant: TestVariant | null, id: number | null) => void }) {
  const typed = useSelectSearch({ delay: 10, trim: true });
  const [value, setValue] = useState<TestVariant | null>(null);
  return (
    <VariantSelectField
      label="Sản phẩm"
      placeholder="Gõ tên, mã hoặc hoạt chất…"
      clearable
      search={typed}
      found={typed.debounced ? search(typed.debounced) : []}
      optionLabel={variantOptionLabel}
      value={value?.id ?? null}
      chosenLabel={value && variantOptionLabel(value)}
      onPick={(picked, id) => {
        setValue(picked);
        onPick(picked, id);
      }}
      data-testid="field"
    />
  );
}

const field = () => screen.getByLabelText('Sản phẩm', { selector: 'input' }) as HTMLInputElement;

describe('VariantSelectField', () => {
  it('says what to do before anything is typed, and when nothing is found', async () => {
    render(<Field onPick={vi.fn()} />, { wrapper });
    // Focused as a person's click focuses it (Mantine takes a change to an unfocused box for autofill).
    field().focus();
    fireEvent.click(field());
    expect(await screen.findByText('Gõ để tìm sản phẩm')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'zzz' } });
    expect(await screen.findByText('Không tìm thấy sản phẩm')).toBeTruthy();
  });

  it('offers the variants found, labelled with product, variant and code, chosen with the keyboard', async () => {
    const onPick = vi.fn();
    render(<Field onPick={onPick} />, { wrapper });
    expect(field().placeholder).toBe('Gõ tên, mã hoặc hoạt chất…');
    field().focus();
    fireEvent.change(field(), { target: { value: 'b' } });
    expect(await screen.findByRole('option', { name: 'Siro ho Bảo Thanh (BT125)' })).toBeTruthy();
    // The variant named as its product is not named twice.
    expect(screen.getByRole('option', { name: 'Berberin (BER)' })).toBeTruthy();
    // Mantine's combobox reads the key's code, as a keyboard sends it.
    fireEvent.keyDown(field(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'Enter', code: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(BERBERIN, 30);
    await waitFor(() => expect(field().value).toBe('Berberin (BER)'));
  });

  it('clears the value with its ×', async () => {
    const onPick = vi.fn();
    render(<Field onPick={onPick} />, { wrapper });
    field().focus();
    fireEvent.click(field());
    fireEvent.change(field(), { target: { value: 'para' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Paracetamol – 500mg (PARA500)' }));
    expect(onPick).toHaveBeenLastCalledWith(PARA, 10);
    await waitFor(() => expect(field().value).toBe('Paracetamol – 500mg (PARA500)'));
    const clear = document.querySelector<HTMLButtonElement>('.mantine-CloseButton-root, .mantine-InputClearButton-root');
    fireEvent.click(clear!);
    expect(onPick).toHaveBeenLastCalledWith(null, null);
  });
});
