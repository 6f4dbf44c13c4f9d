/**
 * A search box with a camera button beside it, for screens that find products by typing or by
 * scanning (the order's product adder, the warehouse's variant adder and its count on a phone). A
 * wedge scanner aimed at the box types the code there and presses Enter: digits ended by Enter are
 * taken as a scan (the box empties and `onScan` gets the code) rather than searched for. A scanner
 * typing elsewhere on the page is the caller's `useKeyboardWedge` (./barcode-scanner.tsx).
 */
import { CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import { BarcodeScanButton } from './barcode-scanner';

/** What a scanner types: digits only, EAN-8 to GTIN-14 (and a little room either side). */
const LOOKS_LIKE_BARCODE = /^\d{6,14}$/;

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** A code scanned by the camera or typed by a scanner into the box. */
  onScan: (code: string) => void;
  label: string;
  placeholder: string;
  disabled?: boolean;
  /** An × in the box that empties it. */
  clearable?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The camera button's tooltip and accessible name (default "Quét mã vạch"). */
  scanLabel?: string;
  scanSize: string;
  'data-testid': string;
  scanTestId: string;
};

export function SearchOrScanInput({
  value,
  onChange,
  onScan,
  disabled,
  clearable = false,
  inputRef,
  scanLabel,
  scanSize,
  scanTestId,
  ...props
}: Props) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        ref={inputRef}
        style={{ flex: 1 }}
        label={props.label}
        placeholder={props.placeholder}
        leftSection={<IconSearch size={16} />}
        rightSection={clearable && value ? <CloseButton size="sm" aria-label="Xóa tìm kiếm" onClick={() => onChange('')} /> : null}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          const code = value.trim();
          if (event.key === 'Enter' && LOOKS_LIKE_BARCODE.test(code)) {
            event.preventDefault();
            onChange('');
            onScan(code);
          }
        }}
        data-testid={props['data-testid']}
      />
      <BarcodeScanButton
        iconOnly
        size={scanSize}
        variant="light"
        label={scanLabel}
        onDetected={onScan}
        disabled={disabled}
        data-testid={scanTestId}
      />
    </Group>
  );
}
