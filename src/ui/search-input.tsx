/**
 * The search field of every list: what is typed is sent (trimmed) a short pause after the last key,
 * the clear button sends '' at once, and when the URL's search changes under it (back button, a
 * link, a scan, a restored filter) the field shows the URL's.
 */
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';

export const SEARCH_DEBOUNCE_MS = 250;

type Props = {
  value: string | undefined;
  onSearch: (search: string) => void;
  /** The accessible name (the field shows only a placeholder). */
  label: string;
  placeholder: string;
  testId?: string;
  style?: CSSProperties;
};

export function SearchInput({ value, onSearch, label, placeholder, testId, style }: Props) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  const send = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      rightSection={
        text ? (
          <IconX
            size={16}
            role="button"
            aria-label="Xóa tìm kiếm"
            style={{ cursor: 'pointer' }}
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
      data-testid={testId}
      style={{ flex: 1, minWidth: 0, ...style }}
    />
  );
}
