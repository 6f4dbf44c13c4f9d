/**
 * A record the person edits on screen and the device keeps (a cart, a count sheet): the screen
 * edits its own copy, so typing never waits for IndexedDB and a field shows what was typed, not
 * what a store read back later (read back after each keystroke's write, a note lost letters at 4×
 * CPU). Every change is written at once, in order, so the record survives a reload, a crash or the
 * app being closed. `saved` says whether the last change is on the device yet; `flush()` waits for
 * the last write; after `close()` nothing more is written (the record was sent); `reload()` starts
 * again from what the device holds (after something else wrote it).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type DeviceDraft<T> = {
  /** The record shown, null while it is being read. */
  value: T | null;
  /** The last change shown is written to IndexedDB (false while a write is still on its way). */
  saved: boolean;
  update: (change: (value: T) => T) => void;
  flush: () => Promise<void>;
  /** Stop writing (while sending, and after the record was sent). */
  close: () => void;
  /** Writing again (sending failed: the record is still the person's to edit). */
  open: () => void;
  reload: () => Promise<void>;
};

type Store<T> = {
  read: () => Promise<T>;
  write: (value: T) => Promise<unknown>;
  /** Told when a write failed (the device's storage is full or gone). */
  failed: (error: unknown) => void;
};

/** `key` names the record: a new key (another person, workspace or document) reads afresh. */
export function useDeviceDraft<T>(key: string, store: Store<T>): DeviceDraft<T> {
  const [shown, setShown] = useState<{ key: string; value: T } | null>(null);
  const value = shown?.key === key ? shown.value : null;
  const current = useRef<{ key: string; value: T } | null>(null);
  const writes = useRef<Promise<void>>(Promise.resolve());
  const closed = useRef(false);
  const changes = useRef(0);
  const [saved, setSaved] = useState(true);
  // The store's functions are new on every render; the latest is the one to call.
  const io = useRef(store);
  useLayoutEffect(() => {
    io.current = store;
  });

  const show = useCallback((next: { key: string; value: T }) => {
    current.current = next;
    setShown(next);
  }, []);

  const reload = useCallback(async () => {
    await writes.current;
    show({ key, value: await io.current.read() });
  }, [key, show]);

  useEffect(() => {
    let live = true;
    closed.current = false;
    current.current = null;
    void io.current.read().then((stored) => live && show({ key, value: stored }));
    return () => {
      live = false;
    };
  }, [key, show]);

  const update = useCallback(
    (change: (value: T) => T) => {
      const before = current.current;
      if (!before || closed.current) return;
      const next = change(before.value);
      if (next === before.value) return;
      show({ key: before.key, value: next });
      const mine = ++changes.current;
      setSaved(false);
      writes.current = writes.current
        .then(async () => {
          if (closed.current) return;
          await io.current.write(next);
          if (mine === changes.current) setSaved(true);
        })
        .catch((error: unknown) => io.current.failed(error));
    },
    [show],
  );

  const flush = useCallback(() => writes.current, []);
  const close = useCallback(() => {
    closed.current = true;
  }, []);
  const open = useCallback(() => {
    closed.current = false;
  }, []);

  return { value, saved, update, flush, close, open, reload };
}
