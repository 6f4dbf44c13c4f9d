import { describe, expect, it } from 'vitest';
import { EndFollower, FOLLOW_MS } from './end-follower';

function page(height: number) {
  const state = { height, now: 0, scrolledTo: [] as number[] };
  const follower = new EndFollower({ height: () => state.height, scrollTo: (top) => state.scrolledTo.push(top), now: () => state.now });
  return { state, follower };
}

describe('EndFollower', () => {
  it('goes to the end, and again to each later end while the page grows', () => {
    const { state, follower } = page(2000);
    follower.start();
    state.height = 2600;
    state.now = 400;
    follower.resized();
    state.height = 3100;
    state.now = 900;
    follower.resized();
    expect(state.scrolledTo).toEqual([2000, 2600, 3100]);
  });

  it('does not scroll again for a page that shrank or kept its height', () => {
    const { state, follower } = page(2000);
    follower.start();
    follower.resized();
    state.height = 1800;
    follower.resized();
    expect(state.scrolledTo).toEqual([2000]);
  });

  it('leaves the page alone once the person scrolls themselves', () => {
    const { state, follower } = page(2000);
    follower.start();
    follower.stop();
    state.height = 2600;
    follower.resized();
    expect(state.scrolledTo).toEqual([2000]);
  });

  it(`stops following ${FOLLOW_MS / 1000} s after the press`, () => {
    const { state, follower } = page(2000);
    follower.start();
    state.now = FOLLOW_MS + 1;
    state.height = 2600;
    follower.resized();
    expect(state.scrolledTo).toEqual([2000]);
  });

  it('does nothing before the button is pressed', () => {
    const { state, follower } = page(2000);
    state.height = 2600;
    follower.resized();
    expect(state.scrolledTo).toEqual([]);
  });
});
