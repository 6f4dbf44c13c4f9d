/**
 * A Select over options something else has searched already: the device's index or the server,
 * both without diacritics (src/db/variant-search.ts, src/db/customer-search.ts). Mantine's own
 * filter matches labels letter for letter and would hide "thuoc" → "Thuốc", so the options show as
 * found. The caller holds the search (and queries with it); the chosen option stays in the list
 * when the search did not find it, so the field keeps showing its label.
 */
import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

type Props = Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  search: string;
  onSearchChange: (search: string) => void;
  /** What the search found, in its order. */
  found: readonly ComboboxItem[];
  /** The option of the current value, if known. */
  chosen?: ComboboxItem | null;
};

export function SearchedSelect({ search, onSearchChange, found, chosen, ...props }: Props) {
  const data = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  return (
    <Select {...props} data={data} searchable searchValue={search} onSearchChange={onSearchChange} filter={({ options }) => options} />
  );
}

/** What is typed into a SearchedSelect, and the settled text to search with once typing pauses. */
export function useSelectSearch({ delay = 200, trim = false }: { delay?: number; trim?: boolean } = {}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(trim ? search.trim() : search, delay);
  return { search, setSearch, debounced };
}
