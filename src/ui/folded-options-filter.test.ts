import { describe, expect, it } from 'vitest';
import type { ComboboxParsedItem } from '@mantine/core';
import { foldedOptionsFilter } from './folded-options-filter';

const people: ComboboxParsedItem<string>[] = [
  { value: '1', label: 'Nguyễn Văn An' },
  { value: '2', label: 'Hồ Thị Kiểm Thử' },
  { value: '3', label: 'Đặng Thu Hà' },
  { group: 'Đã nghỉ', items: [{ value: '4', label: 'Lê Văn Trình' }] },
];

const labels = (search: string, limit = 10) =>
  foldedOptionsFilter({ options: people, search, limit }).flatMap((option) =>
    'group' in option ? option.items.map((item) => `${option.group}/${item.label}`) : [option.label],
  );

describe('foldedOptionsFilter', () => {
  it('matches without diacritics, by words in any order, đ as d', () => {
    expect(labels('kiem thu')).toEqual(['Hồ Thị Kiểm Thử']);
    expect(labels('thu kiem')).toEqual(['Hồ Thị Kiểm Thử']);
    expect(labels('dang')).toEqual(['Đặng Thu Hà']);
    expect(labels('  VĂN ')).toEqual(['Nguyễn Văn An', 'Đã nghỉ/Lê Văn Trình']);
  });

  it('keeps every option for an empty search, up to the limit, and finds nothing for a stranger', () => {
    expect(labels('')).toHaveLength(4);
    expect(labels('', 2)).toEqual(['Nguyễn Văn An', 'Hồ Thị Kiểm Thử']);
    expect(labels('xyz')).toEqual([]);
  });
});
