/**
 * The default option filter of every Select, MultiSelect and Autocomplete (src/app/theme.ts):
 * without diacritics and by words, like every other search of the app — "kiem thu" finds
 * "Hồ Thị Kiểm Thử", "ng an" finds "Nguyễn Văn An". Options keep their order. Pickers with their
 * own matching (the address picker's aliases) pass their own `filter`.
 */
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { fold } from '@contract/fold';

export const foldedOptionsFilter: OptionsFilter<string> = ({ options, search, limit }) => {
  const words = fold(search).split(' ').filter(Boolean);
  return keepMatching(options, limit, (item) => {
    const label = fold(item.label);
    return words.every((word) => label.includes(word));
  });
};

/** The options (and the options of groups) that match, in order, at most `limit` of them. */
export function keepMatching(
  options: ComboboxParsedItem<string>[],
  limit: number,
  matches: (item: ComboboxItem<string>) => boolean,
): ComboboxParsedItem<string>[] {
  const result: ComboboxParsedItem<string>[] = [];
  let count = 0;
  for (const option of options) {
    if (count >= limit) break;
    if ('group' in option) {
      const items = option.items.filter(matches).slice(0, limit - count);
      if (items.length > 0) result.push({ group: option.group, items });
      count += items.length;
    } else if (matches(option)) {
      result.push(option);
      count += 1;
    }
  }
  return result;
}
