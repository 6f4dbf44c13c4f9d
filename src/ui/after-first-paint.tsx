/**
 * Parts of a screen its first paint does not need (the sync engine and its local database, the
 * header's bell, menus and status pill, a date picker): their code is fetched once the first frame
 * is on screen, so a cold start downloads and runs only what paints the page (docs/performance.md: the
 * dashboard's figures within 200 kB). Until then, and while the code arrives, the fallback holds
 * the part's place so nothing moves when it appears.
 */
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { laterStyles } from './later-styles';

let framePainted = false;
let painted = false;
let scheduled = false;
const listeners = new Set<() => void>();

/** The frame is on screen: what comes after it may render once its components' styles are in. */
function markPainted() {
  if (framePainted) return;
  framePainted = true;
  void laterStyles().then(() => {
    painted = true;
    notifyInTurn([...listeners]);
  });
}

/** `run` once the next frame is out, or after 100 ms in a page that paints no frames (hidden). */
function afterNextFrame(run: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/**
 * The waiting parts are told one per frame: each appears in a render and a commit of its own,
 * instead of all of them in one commit right after the first paint, the longest task after it
 * (the blocking time in docs/performance.md).
 */
function notifyInTurn(queue: (() => void)[]) {
  const listener = queue.shift();
  if (!listener) return;
  if (listeners.has(listener)) listener();
  if (queue.length > 0) afterNextFrame(() => notifyInTurn(queue));
}

/**
 * The browser reports the first contentful paint once that frame is on screen (a frame's own
 * callbacks run before it is shown: a request made there competes with the frame it waits for).
 * Without paint timing, a task queued from a frame's callback stands in. A hidden page paints no
 * frames, so a timer ends the wait (a page opened in the background still syncs).
 */
function schedulePaintSignal() {
  if (scheduled) return;
  scheduled = true;
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      markPainted();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(markPainted, 0));
  }
  setTimeout(markPainted, 1_000);
}

function subscribe(listener: () => void): () => void {
  schedulePaintSignal();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Resolves once the app's first frame has been painted and the styles it left out are in (at once after that). */
export function whenFirstPainted(): Promise<void> {
  if (painted) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(() => {
      stop();
      resolve();
    });
  });
}

/**
 * False until the app's first frame has been painted; true from then on, for every screen. The
 * change renders as a transition: React renders what appears in slices between which the browser
 * answers input, instead of one long task right after the first paint.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    const show = () => startTransition(() => setReady(true));
    if (painted) {
      show();
      return;
    }
    return subscribe(show);
  }, [ready]);
  return ready;
}

/**
 * A component whose code loads after the first paint. `fallback` renders until then (given the
 * props, it may show what the part will show): give it the part's size when the part sits in a
 * row, so its arrival shifts nothing.
 */
export function afterFirstPaint<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): ComponentType<P> {
  const Loaded = lazy(load);
  function AfterFirstPaint(props: P) {
    const ready = useAfterFirstPaint();
    const held = typeof fallback === 'function' ? fallback(props) : fallback;
    if (!ready) return held;
    return (
      <Suspense fallback={held}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return AfterFirstPaint;
}
