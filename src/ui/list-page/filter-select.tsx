/**
 * The drop-down filters of a list, described one line each: the filter field it sets, its label,
 * its options. "Tất cả …" is the empty choice (cleared); long lists can be searched ("Không có …
 * phù hợp" when nothing matches). The URL holds ids as numbers (`id`), the Select works on strings;
 * this converts both ways, and sends a one-field patch the screen applies (back to page 1).
 */
import { Select } from '@mantine/core';

export type SelectField<F> = {
  field: keyof F & string;
  label: string;
  /** What the empty choice covers, "Tất cả {all}"; none: just "Tất cả". */
  all?: string;
  data: readonly { value: string; label: string }[];
  /** The field holds a number (an id). */
  id?: boolean;
  /** The options can be searched; a sentence replaces "Không có {all} phù hợp" when nothing matches. */
  search?: boolean | string;
  testId: string;
};

type Props<F> = { filter: F; onChange: (patch: Partial<F>) => void; fields: readonly SelectField<F>[] };

export function SelectFilters<F>({ filter, onChange, fields }: Props<F>) {
  return fields.map(({ field, label, all, data, id, search, testId }) => {
    const value = filter[field] as string | number | undefined;
    return (
      <Select
        key={field}
        label={label}
        placeholder={all ? `Tất cả ${all}` : 'Tất cả'}
        data={data}
        value={value === undefined || value === null ? null : String(value)}
        onChange={(next) => onChange({ [field]: next ? (id ? Number(next) : next) : undefined } as Partial<F>)}
        clearable
        searchable={Boolean(search)}
        nothingFoundMessage={typeof search === 'string' ? search : search ? `Không có ${all} phù hợp` : undefined}
        data-testid={testId}
      />
    );
  });
}
