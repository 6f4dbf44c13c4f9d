/** Scroll-to-top and scroll-to-bottom buttons (product-spec.md §2 "Layouts", threshold 50 px). */
import { ActionIcon } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import classes from './app-layout.module.css';
import { EndFollower } from './end-follower';
import { showsScrollToBottom, showsScrollToTop } from './scroll-rules';

type Shown = { top: boolean; bottom: boolean };

function shownOn(pathname: string): Shown {
  const toBottom = document.documentElement.scrollHeight - window.innerHeight - window.scrollY;
  return { top: showsScrollToTop(pathname, window.scrollY), bottom: showsScrollToBottom(pathname, toBottom) };
}

export function ScrollButtons() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [{ top, bottom }, setShown] = useState<Shown>({ top: false, bottom: false });
  const [follower] = useState(
    () =>
      new EndFollower({
        height: () => document.documentElement.scrollHeight,
        scrollTo: (end) => window.scrollTo({ top: end, behavior: 'smooth' }),
        now: () => performance.now(),
      }),
  );

  useEffect(() => {
    // Measured in the events themselves, not in a frame callback: scroll and resize come once a
    // frame with the layout up to date, and a ResizeObserver reports after layout (its first report
    // is the first measure). Read before the next layout instead, the height forced that layout early.
    const update = () => {
      const next = shownOn(pathname);
      // Kept as it was when neither button changes, so scrolling and late content render nothing.
      setShown((shown) => (shown.top === next.top && shown.bottom === next.bottom ? shown : next));
    };
    // The person's own moves end a "Xuống cuối trang" that follows the end (./end-follower.ts).
    const theirs = () => follower.stop();
    const moves = ['wheel', 'touchstart', 'keydown'] as const;
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    for (const move of moves) window.addEventListener(move, theirs, { passive: true });
    // Content that loads later changes the height without a scroll event.
    const observer = new ResizeObserver(() => {
      follower.resized();
      update();
    });
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      for (const move of moves) window.removeEventListener(move, theirs);
      observer.disconnect();
      follower.stop();
    };
  }, [pathname, follower]);

  if (!top && !bottom) return null;
  return (
    <div className={classes.scrollButtons}>
      {top && (
        <ActionIcon
          size="xl"
          radius="xl"
          variant="filled"
          aria-label="Lên đầu trang"
          onClick={() => {
            follower.stop();
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        >
          <IconArrowUp size={20} />
        </ActionIcon>
      )}
      {bottom && (
        <ActionIcon size="xl" radius="xl" variant="light" aria-label="Xuống cuối trang" onClick={() => follower.start()}>
          <IconArrowDown size={20} />
        </ActionIcon>
      )}
    </div>
  );
}
