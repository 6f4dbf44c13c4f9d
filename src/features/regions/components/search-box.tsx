/** A search field that sends what is typed after a short pause, and follows the URL when it changes. */
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

type Props = { value: string; onSearch: (search: string) => void; label: string; placeholder: string; testId?: string };

export function SearchBox({ value, onSearch, label, placeholder, testId }: Props) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
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
      style={{ flex: '1 1 220px', minWidth: 0 }}
    />
  );
}
