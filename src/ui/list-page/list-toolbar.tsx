/**
 * The line over a list: its search field and the screen's actions (add, import, export, links).
 * On a phone the actions wrap under the search, unless the screen keeps them on one line (icon
 * buttons that fit beside it).
 */
import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchInput } from '@/ui/search-input';

/** What a list's search field says; what it searches is the screen's query. */
export type SearchBox = {
  /** The accessible name ("Tìm khách hàng"). */
  label: string;
  placeholder: string;
  testId?: string;
  /** Called with each search sent, besides the filter change (the product list drops its scan highlight). */
  onSearch?: (search: string) => void;
};

type Props = {
  search?: SearchBox & { value: string | undefined; send: (search: string) => void };
  actions?: ReactNode;
  isMobile: boolean;
  nowrap?: boolean;
};

export function ListToolbar({ search, actions, isMobile, nowrap }: Props) {
  if (!search && !actions) return null;
  return (
    <Group gap="sm" wrap={isMobile && !nowrap ? 'wrap' : 'nowrap'} align="center">
      {search && (
        <SearchInput
          value={search.value || undefined}
          onSearch={(next) => {
            search.onSearch?.(next);
            search.send(next);
          }}
          label={search.label}
          placeholder={search.placeholder}
          testId={search.testId}
        />
      )}
      {actions}
    </Group>
  );
}
