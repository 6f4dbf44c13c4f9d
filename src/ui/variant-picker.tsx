/**
 * The one way a screen finds a catalogue variant: by typing part of its name, code,
 * ingredient or barcode, searched without diacritics once typing pauses, or by scanning its code.
 *
 * - `useVariantAdder` + `VariantAdderField`: a search-or-scan box (./search-or-scan-input.tsx) over
 *   result cards, each with the units to add; a code scanned by the camera, typed into the box by
 *   a scanner or typed by a scanner anywhere on the page (`useKeyboardWedge`,
 *   ./barcode-scanner.tsx) adds the scanned unit at once. The order's product adder and the
 *   warehouse's receipt and count adders.
 * - `VariantSelectField`: one variant as a field's value, or a field that adds the variant picked to
 *   a list (./searched-select.tsx). The stock card, a promotion's gift and goods, a price policy.
 *
 * Screens read the device through their feature's api/ (docs/architecture.md), so the searching
 * comes in from the caller: it searches with the `debounced` text these hooks hold and passes what
 * it found, and `find` looks a scanned code up.
 */
import { Card, Stack, Text } from '@mantine/core';
import { memo, useCallback, useDeferredValue, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { VariantUnit } from '@contract/products';
import { variantName } from '@/lib/line-name';
import { useKeyboardWedge } from './barcode-scanner';
import { SearchOrScanInput } from './search-or-scan-input';
import { SearchedSelect, useSelectSearch } from './searched-select';
import { toast } from './toast';

/** What every picker knows of a variant (a device's LocalVariant, a server's VariantRecord). */
type Titled = { product_name: string; name: string };

/** A variant as a select lists it: "Panadol – Hộp 10 vỉ (PAN-10)". */
export const variantOptionLabel = (variant: Titled & { code: string }) => `${variantName(variant)} (${variant.code})`;

export function notFoundMessage(code: string): string {
  return `Không tìm thấy sản phẩm có mã vạch ${code}`;
}

/** A scanned code's variant and the pack it is printed on. */
export type ScanHit<V> = { variant: V; unit: VariantUnit };

export type VariantAdderOptions<V extends Titled> = {
  /** The variant and pack a scanned code names, null when the device does not know it. */
  find: (code: string) => Promise<ScanHit<V> | null>;
  /** Adds a unit of a variant: a result's unit button and a scan both end here. */
  onAdd: (variant: V, unit: string) => void;
  /** Why a scanned variant may not be added (said as a warning), null to add it. */
  refuse?: (variant: V) => string | null;
  /** The unit a scan adds (default: the scanned pack's). */
  scannedUnit?: (hit: ScanHit<V>) => string;
  /** Nothing is searched for, scanned or added meanwhile. */
  disabled?: boolean;
  /** How long typing pauses before the text is searched for, in ms. */
  delay?: number;
};

/** What is typed (and the settled text to search with), and what a scan or a pick does. */
export function useVariantAdder<V extends Titled>({ find, onAdd, refuse, scannedUnit, disabled, delay = 150 }: VariantAdderOptions<V>) {
  const typed = useSelectSearch({ delay, trim: true });
  const { setSearch } = typed;
  const input = useRef<HTMLInputElement>(null);
  // The caller's latest onAdd behind one `pick`, so the result cards (memoized below) are not drawn
  // again at every key: on a slow phone that redraw took 440 ms of a keystroke (docs/performance.md).
  const latestAdd = useRef(onAdd);
  useLayoutEffect(() => {
    latestAdd.current = onAdd;
  });

  async function scan(raw: string) {
    const code = raw.trim();
    if (!code || disabled) return;
    const found = await find(code);
    if (!found) {
      toast.error(notFoundMessage(code));
      return;
    }
    const refusal = refuse?.(found.variant);
    if (refusal) {
      toast.warning(refusal);
      return;
    }
    const unit = scannedUnit ? scannedUnit(found) : found.unit.unit;
    onAdd(found.variant, unit);
    toast.success(`Đã thêm 1 ${unit} ${variantName(found.variant)}`);
  }

  useKeyboardWedge((code) => void scan(code), { enabled: !disabled });

  /** A result's unit: added, and the box empties for the next search. */
  const pick = useCallback(
    (variant: V, unit: string) => {
      latestAdd.current(variant, unit);
      setSearch('');
      input.current?.focus();
    },
    [setSearch],
  );

  return { ...typed, input, scan, pick, disabled };
}

export type VariantAdderState<V extends Titled> = ReturnType<typeof useVariantAdder<V>>;

type AdderFieldProps<V extends Titled & { id: number }> = {
  adder: VariantAdderState<V>;
  /** What the caller found for `adder.debounced`: null or undefined while nothing is typed or read. */
  results: readonly V[] | null | undefined;
  label: string;
  placeholder: string;
  scanSize: string;
  testIds: { root: string; search: string; scan: string; results: string; result: string };
  /**
   * A result card's content; `pick(unit)` adds that unit of the variant. Keep it one function while
   * what it shows is unchanged (useCallback): the cards are drawn again only when it or the results change.
   */
  renderResult: (variant: V, pick: (unit: string) => void) => ReactNode;
};

type ResultCardsProps<V> = {
  results: readonly V[];
  renderResult: (variant: V, pick: (unit: string) => void) => ReactNode;
  pick: (variant: V, unit: string) => void;
  listTestId: string;
  cardTestId: string;
};

function ResultCardList<V extends { id: number }>({ results, renderResult, pick, listTestId, cardTestId }: ResultCardsProps<V>) {
  return (
    <Stack gap={6} data-testid={listTestId}>
      {results.length === 0 && (
        <Text size="sm" c="dimmed">
          Không tìm thấy sản phẩm nào trên máy.
        </Text>
      )}
      {results.map((variant) => (
        <Card key={variant.id} withBorder padding="xs" radius="md" data-testid={cardTestId}>
          {renderResult(variant, (unit) => pick(variant, unit))}
        </Card>
      ))}
    </Stack>
  );
}

/** Typing changes only the box: the cards keep their last drawing until the results or their content change. */
const ResultCards = memo(ResultCardList) as typeof ResultCardList;

export function VariantAdderField<V extends Titled & { id: number }>({
  adder,
  results,
  testIds,
  renderResult,
  ...props
}: AdderFieldProps<V>) {
  // New results are drawn in the background, between keys, instead of in one long task that holds
  // the next key back (530 ms for twenty cards at 4x CPU).
  const shown = useDeferredValue(results);
  return (
    <Stack gap="xs" data-testid={testIds.root}>
      <SearchOrScanInput
        inputRef={adder.input}
        label={props.label}
        placeholder={props.placeholder}
        value={adder.search}
        onChange={adder.setSearch}
        onScan={(code) => void adder.scan(code)}
        disabled={adder.disabled}
        clearable
        data-testid={testIds.search}
        scanSize={props.scanSize}
        scanTestId={testIds.scan}
      />
      {shown && (
        <ResultCards
          results={shown}
          renderResult={renderResult}
          pick={adder.pick}
          listTestId={testIds.results}
          cardTestId={testIds.result}
        />
      )}
    </Stack>
  );
}

type SelectFieldProps<V extends { id: number }> = {
  /** What is typed (useSelectSearch in ./searched-select.tsx); the caller searches its `debounced`. */
  search: ReturnType<typeof useSelectSearch>;
  /** What the caller found, in its order. */
  found: readonly V[] | null | undefined;
  optionLabel: (variant: V) => string;
  /** The chosen variant's id (null: none, and always for a field that adds to a list). */
  value: number | null;
  /** The chosen variant's label, kept in the list when the search did not find it. */
  chosenLabel?: string | null;
  /** The variant picked (null when it is not among those found), with its id (null: cleared). */
  onPick: (variant: V | null, id: number | null) => void;
  /** What the empty list says before anything is typed. */
  hint?: string;
  label?: string;
  placeholder?: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  clearable?: boolean;
  'data-testid'?: string;
};

export function VariantSelectField<V extends { id: number }>({
  search,
  found,
  optionLabel,
  value,
  chosenLabel,
  onPick,
  hint = 'Gõ để tìm sản phẩm',
  ...props
}: SelectFieldProps<V>) {
  const rows = found ?? [];
  return (
    <SearchedSelect
      {...props}
      found={rows.map((variant) => ({ value: String(variant.id), label: optionLabel(variant) }))}
      chosen={value === null || !chosenLabel ? null : { value: String(value), label: chosenLabel }}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const id = next ? Number(next) : null;
        search.setSearch('');
        onPick(rows.find((variant) => variant.id === id) ?? null, id);
      }}
      search={search.search}
      onSearchChange={search.setSearch}
      nothingFoundMessage={search.debounced ? 'Không tìm thấy sản phẩm' : hint}
    />
  );
}
