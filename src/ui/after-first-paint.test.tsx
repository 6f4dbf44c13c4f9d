import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterFirstPaint, useAfterFirstPaint, whenFirstPainted } from './after-first-paint';

function Probe() {
  return <span>{useAfterFirstPaint() ? 'sau' : 'trước'}</span>;
}

const Part = afterFirstPaint<{ name: string }>(
  async () => ({ default: ({ name }: { name: string }) => <b>phần {name}</b> }),
  ({ name }) => <i>chờ {name}</i>,
);

// One module-wide first paint: these run in order, the first before it and the rest after.
describe('after the first paint', () => {
  it('renders the fallback (given the props) first, then the part once a frame has been painted', async () => {
    render(
      <>
        <Probe />
        <Part name="A" />
      </>,
    );
    expect(screen.getByText('trước')).toBeTruthy();
    expect(screen.getByText('chờ A')).toBeTruthy();
    expect(screen.queryByText('phần A')).toBeNull();
    await act(() => whenFirstPainted());
    expect(await screen.findByText('phần A')).toBeTruthy();
    expect(screen.getByText('sau')).toBeTruthy();
  });

  it('shows the part at once for a screen mounted after the first paint', async () => {
    render(<Probe />);
    expect(screen.getByText('sau')).toBeTruthy();
    await expect(whenFirstPainted()).resolves.toBeUndefined();
  });
});
