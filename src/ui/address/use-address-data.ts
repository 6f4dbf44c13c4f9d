/** Loading one address data file for a key (a province code…), with the error to show and a retry. */
import { useCallback, useEffect, useState } from 'react';
import { ADDRESS_DATA_ERROR } from './address-data';

export type Loaded<T> = { data: T | undefined; loading: boolean; error: string | null; retry: () => void };

type State<T> = { key: string; attempt: number; data?: T; error?: string };

/** `load` must be stable (the methods of an AddressData are); a null key loads nothing. */
export function useAddressFile<T>(key: string | null, load: (key: string) => Promise<T>): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State<T> | null>(null);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    load(key).then(
      (data) => {
        if (live) setState({ key, attempt, data });
      },
      (error: unknown) => {
        if (live) setState({ key, attempt, error: error instanceof Error ? error.message : ADDRESS_DATA_ERROR });
      },
    );
    return () => {
      live = false;
    };
  }, [key, load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = state && key !== null && state.key === key && state.attempt === attempt ? state : null;
  return { data: current?.data, loading: key !== null && current === null, error: current?.error ?? null, retry };
}
