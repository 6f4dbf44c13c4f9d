import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useKeyboardWedge, type KeyboardWedgeOptions } from './barcode-scanner';

function Probe({ onScan, options }: { onScan: (code: string) => void; options?: KeyboardWedgeOptions }) {
  useKeyboardWedge(onScan, options);
  return <input data-testid="field" />;
}

/** Types keys on a target with a pause (ms) before each, as a person or a scanner would. */
function typeKeys(keys: string[], gapMs: number, target: EventTarget = document.body): KeyboardEvent[] {
  const events: KeyboardEvent[] = [];
  for (const key of keys) {
    vi.advanceTimersByTime(gapMs);
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    act(() => {
      target.dispatchEvent(event);
    });
    events.push(event);
  }
  return events;
}

const chars = (text: string) => [...text];

describe('useKeyboardWedge', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a fast burst ending in Enter as a scan and keeps the Enter from reaching the page', () => {
    const onScan = vi.fn();
    render(<Probe onScan={onScan} />);
    const events = typeKeys([...chars('8934567000017'), 'Enter'], 8);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('8934567000017');
    expect(events.at(-1)!.defaultPrevented).toBe(true);
    // The characters themselves are never swallowed.
    expect(events.slice(0, -1).some((event) => event.defaultPrevented)).toBe(false);
  });

  it('leaves a person typing alone, even one who ends with Enter', () => {
    const onScan = vi.fn();
    render(<Probe onScan={onScan} />);
    const events = typeKeys([...chars('hapacol'), 'Enter'], 120);
    expect(onScan).not.toHaveBeenCalled();
    expect(events.at(-1)!.defaultPrevented).toBe(false);
  });

  it('starts a new burst after a pause, so a slow prefix does not spoil the scan', () => {
    const onScan = vi.fn();
    render(<Probe onScan={onScan} />);
    typeKeys(chars('ab'), 200);
    vi.advanceTimersByTime(300);
    typeKeys([...chars('12345678'), 'Enter'], 5);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('12345678');
  });

  it('ignores bursts shorter than the minimum and Enter long after the last key', () => {
    const onScan = vi.fn();
    render(<Probe onScan={onScan} />);
    typeKeys([...chars('123'), 'Enter'], 5);
    typeKeys(chars('12345678'), 5);
    typeKeys(['Enter'], 500);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('does not take keys typed into an input unless asked to', () => {
    const onScan = vi.fn();
    const { getByTestId, rerender } = render(<Probe onScan={onScan} />);
    const field = getByTestId('field');
    typeKeys([...chars('8934567000017'), 'Enter'], 5, field);
    expect(onScan).not.toHaveBeenCalled();
    rerender(<Probe onScan={onScan} options={{ inEditable: true }} />);
    typeKeys([...chars('8934567000017'), 'Enter'], 5, field);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('8934567000017');
  });

  it('stops listening when disabled or unmounted', () => {
    const onScan = vi.fn();
    const { rerender, unmount } = render(<Probe onScan={onScan} options={{ enabled: false }} />);
    typeKeys([...chars('12345678'), 'Enter'], 5);
    rerender(<Probe onScan={onScan} />);
    unmount();
    typeKeys([...chars('12345678'), 'Enter'], 5);
    expect(onScan).not.toHaveBeenCalled();
  });
});
