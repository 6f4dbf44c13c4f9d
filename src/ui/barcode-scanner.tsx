/**
 * Barcode input for any screen (shared UI, no feature imports):
 *
 * - `<BarcodeScanButton onDetected={(code) => …} />`: a button that opens the camera dialog (video
 *   preview, Vietnamese messages for a refused permission or a missing camera, and a box to type
 *   the code by hand) and calls `onDetected` once with the first code read. The dialog and the
 *   decoder (native BarcodeDetector, else the self-hosted WebAssembly polyfill) load only when the
 *   button is first pressed, so no page pays for them up front.
 * - `useKeyboardWedge(onScan)`: USB/Bluetooth scanners that type the code as keystrokes and press
 *   Enter. A burst of at least `minLength` characters, each within `maxGapMs` of the previous one,
 *   ending in Enter is a scan; slower keys are a person typing and are left alone. Keys typed into
 *   an input, a text area or an editable element are not taken (the scanner's text simply goes into
 *   it) unless `inEditable` is set; the characters of a scan are never swallowed either way, only
 *   the final Enter of a recognised scan outside inputs (so it does not press a focused button).
 */
import { ActionIcon, Button, Tooltip, type ButtonProps } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const CameraDialog = lazy(() => import('./barcode-camera-dialog').then((module) => ({ default: module.BarcodeCameraDialog })));

export type BarcodeScanButtonProps = {
  onDetected: (code: string) => void;
  /** Button text (default "Quét mã vạch"); with `iconOnly` it is the tooltip and accessible name. */
  label?: string;
  iconOnly?: boolean;
  /** Title of the dialog. */
  title?: string;
  disabled?: boolean;
  /** A Mantine size; the icon-only button also takes pixels (number or '45px'). */
  size?: ButtonProps['size'] | number;
  variant?: ButtonProps['variant'];
  'data-testid'?: string;
};

export function BarcodeScanButton({
  onDetected,
  label = 'Quét mã vạch',
  iconOnly = false,
  title = 'Quét mã vạch',
  disabled,
  size,
  variant = 'default',
  'data-testid': testId = 'barcode-scan-button',
}: BarcodeScanButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing can animate and reopening is instant.
  const [mounted, setMounted] = useState(false);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  const button = iconOnly ? (
    <Tooltip label={label}>
      <ActionIcon variant={variant} size={size ?? 36} aria-label={label} onClick={show} disabled={disabled} data-testid={testId}>
        <IconBarcode size={20} />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button
      variant={variant}
      size={typeof size === 'number' ? undefined : size}
      leftSection={<IconBarcode size={18} />}
      onClick={show}
      disabled={disabled}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  return (
    <>
      {button}
      {mounted && (
        <Suspense fallback={null}>
          <CameraDialog
            opened={open}
            title={title}
            onClose={() => setOpen(false)}
            onDetected={(code) => {
              setOpen(false);
              onDetected(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export type KeyboardWedgeOptions = {
  /** Off while false (e.g. while a dialog of the page is open). Default true. */
  enabled?: boolean;
  /** Shortest code taken as a scan (default 4: the contract's shortest barcode). */
  minLength?: number;
  /** Longest pause between two keys of one scan, in ms (default 40; people type slower). */
  maxGapMs?: number;
  /** Also take bursts typed into inputs (default false: the input gets them as typed text). */
  inEditable?: boolean;
};

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
}

/** Feeds key events to a scan detector; exported for tests and for callers with their own listener. */
export function createWedgeDetector(onScan: (code: string) => void, options: Omit<KeyboardWedgeOptions, 'enabled'> = {}) {
  const minLength = options.minLength ?? 4;
  const maxGap = options.maxGapMs ?? 40;
  let buffer = '';
  let last = 0;
  return (event: KeyboardEvent): void => {
    if (event.isComposing || event.ctrlKey || event.altKey || event.metaKey) {
      buffer = '';
      return;
    }
    if (!options.inEditable && isEditable(event.target)) {
      buffer = '';
      return;
    }
    // When the key was pressed, not when this handler got to run: a busy page (a list re-rendering)
    // may hand over a scanner's keys late and bunched together, yet they were typed fast.
    const now = event.timeStamp > 0 ? event.timeStamp : performance.now();
    const gap = now - last;
    last = now;
    if (event.key === 'Enter') {
      const code = buffer;
      buffer = '';
      // The Enter may lag a little behind the last character on some scanners.
      if (code.length >= minLength && gap <= maxGap * 2) {
        event.preventDefault();
        event.stopPropagation();
        onScan(code);
      }
      return;
    }
    if (event.key.length !== 1) {
      if (event.key !== 'Shift') buffer = '';
      return;
    }
    // A pause longer than a scanner makes starts a new burst with this key.
    buffer = gap <= maxGap ? buffer + event.key : event.key;
  };
}

export function useKeyboardWedge(onScan: (code: string) => void, options: KeyboardWedgeOptions = {}): void {
  const { enabled = true, minLength, maxGapMs, inEditable } = options;
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    if (!enabled) return;
    const handle = createWedgeDetector((code) => latest.current(code), { minLength, maxGapMs, inEditable });
    // Capture phase: seen before any handler of the page can stop it.
    window.addEventListener('keydown', handle, true);
    return () => window.removeEventListener('keydown', handle, true);
  }, [enabled, minLength, maxGapMs, inEditable]);
}
