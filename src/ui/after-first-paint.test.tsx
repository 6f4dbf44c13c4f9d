import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterFirstPaint, useAfterFirstPaint, whenFirstPainted } from './after-first-paint';

function Probe() {
  return <span>{useAfterFirstPaint() ? 'sau' : 'trước'}</span>;
}

const Part = afterFirstPaint<{ name: string }>(
  async () => ({ default: ({ name }: { name: string }) => <b>phần {name}</b> }),
  ({ name }) => <i>chờ {name}</i>,
);

// unit-isolated: one module-wide first paint, which another file's screens would have had already.
// These run in order, the first before it and the rest after.
describe('after the first paint', () => {
  it('renders the fallback (given the props) first, then the parts once a frame has been painted, one commit after another', async () => {
    const { container } = render(
      <>
        <Probe />
        <Probe />
        <Part name="A" />
      </>,
    );
    expect(screen.getAllByText('trước')).toHaveLength(2);
    expect(screen.getByText('chờ A')).toBeTruthy();
    expect(screen.queryByText('phần A')).toBeNull();
    // What the page showed after the first change it saw (an observer runs after each commit): the
    // parts are told one per frame, so the first commit after the paint shows one of them only.
    const firstChange = new Promise<string>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve([...container.querySelectorAll('span')].map((probe) => probe.textContent).join(' '));
      });
      observer.observe(container, { subtree: true, childList: true, characterData: true });
    });
    // React renders as it does in a browser, not batched into one act() scope.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      await whenFirstPainted();
      expect(await firstChange).toBe('sau trước');
      expect(await screen.findByText('phần A')).toBeTruthy();
      expect(screen.getAllByText('sau')).toHaveLength(2);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('shows the part at once for a screen mounted after the first paint', async () => {
    render(<Probe />);
    expect(screen.getByText('sau')).toBeTruthy();
    await expect(whenFirstPainted()).resolves.toBeUndefined();
  });
});
