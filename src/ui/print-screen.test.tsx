import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintButton, PrintScreen } from './print-screen';

// happy-dom has no window.print: each test gives it one to watch.
function stubPrint() {
  const print = vi.fn();
  Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
  return print;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'print');
});

function renderScreen(props: Partial<Parameters<typeof PrintScreen>[0]> = {}) {
  const onBack = vi.fn();
  const view = render(
    <MantineProvider env="test">
      <PrintScreen page="@page { size: A5 portrait; margin: 8mm; }" onBack={onBack} ready {...props}>
        <article data-testid="print-sheet">PHIẾU THU</article>
      </PrintScreen>
    </MantineProvider>,
  );
  return { onBack, ...view };
}

describe('PrintScreen', () => {
  it('shows "Quay lại", "In" and the sheet, and "In" opens the print dialog', () => {
    const print = stubPrint();
    renderScreen();
    expect(screen.getByTestId('print-sheet').textContent).toBe('PHIẾU THU');
    fireEvent.click(screen.getByRole('button', { name: 'In' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('goes back with "Quay lại"', () => {
    const { onBack } = renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Quay lại' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('keeps "In" disabled until the sheet is ready', () => {
    const print = stubPrint();
    renderScreen({ ready: false });
    const button = screen.getByRole('button', { name: 'In' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(print).not.toHaveBeenCalled();
  });

  it('shows the format choice between the buttons and names the print button as asked', () => {
    renderScreen({ controls: <span data-testid="labels-size">A6</span>, printTestId: 'labels-print' });
    expect(screen.getByTestId('labels-size')).toBeTruthy();
    expect(screen.getByTestId('labels-print').textContent).toBe('In');
    expect(screen.getByTestId('print-back').textContent).toBe('Quay lại');
  });

  it('sets the page rule, and the document title while shown', () => {
    document.title = 'Salesfield';
    const { container, unmount } = renderScreen({ title: 'Phiếu thu PT000001 – Nhà thuốc Minh Châu' });
    const styles = Array.from(container.querySelectorAll('style'), (style) => style.textContent);
    expect(styles).toContain('@page { size: A5 portrait; margin: 8mm; }');
    expect(document.title).toBe('Phiếu thu PT000001 – Nhà thuốc Minh Châu');
    unmount();
    expect(document.title).toBe('Salesfield');
  });
});

describe('PrintButton', () => {
  it('opens the print dialog', () => {
    const print = stubPrint();
    render(
      <MantineProvider env="test">
        <PrintButton variant="default" data-testid="report-print" />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByTestId('report-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
