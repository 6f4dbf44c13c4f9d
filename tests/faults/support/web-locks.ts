/**
 * A Web Locks polyfill for Node (which has no `navigator.locks`), shared by the simulated tabs of
 * one device, so the drainer's cross-tab lock (src/sync/drain.ts) is really exercised: a second
 * tab asking with `ifAvailable` while the first drains gets `null`. A tab that "reloads" loses its
 * locks at once, as a closed browsing context does (the callback it was running may still settle
 * later; its release is then ignored).
 */
type Holder = { owner: string; token: symbol };
type Waiter = { owner: string; grant: (holder: Holder) => void };

export type LockManagerPolyfill = {
  request: (name: string, ...rest: unknown[]) => Promise<unknown>;
  /** Drops every lock a tab holds (the tab was reloaded or closed). */
  releaseAllOf: (owner: string) => void;
  held: () => { name: string; owner: string }[];
  stats: { granted: number; refused: number };
};

export function createLockManager(currentOwner: () => string): LockManagerPolyfill {
  const holders = new Map<string, Holder>();
  const queues = new Map<string, Waiter[]>();
  const stats = { granted: 0, refused: 0 };

  function grantNext(name: string): void {
    const queue = queues.get(name) ?? [];
    const next = queue.shift();
    if (!next) return;
    const holder = { owner: next.owner, token: Symbol(name) };
    holders.set(name, holder);
    stats.granted += 1;
    next.grant(holder);
  }

  function release(name: string, holder: Holder): void {
    if (holders.get(name)?.token !== holder.token) return;
    holders.delete(name);
    grantNext(name);
  }

  async function request(name: string, ...rest: unknown[]): Promise<unknown> {
    const callback = (typeof rest[0] === 'function' ? rest[0] : rest[1]) as (lock: { name: string } | null) => unknown;
    const options = (typeof rest[0] === 'function' ? {} : (rest[0] ?? {})) as { ifAvailable?: boolean };
    const owner = currentOwner();
    let holder: Holder;
    if (holders.has(name)) {
      if (options.ifAvailable) {
        stats.refused += 1;
        return await callback(null);
      }
      holder = await new Promise<Holder>((resolve) => {
        const queue = queues.get(name) ?? [];
        queue.push({ owner, grant: resolve });
        queues.set(name, queue);
      });
    } else {
      holder = { owner, token: Symbol(name) };
      holders.set(name, holder);
      stats.granted += 1;
    }
    try {
      return await callback({ name });
    } finally {
      release(name, holder);
    }
  }

  return {
    request,
    releaseAllOf(owner) {
      for (const [name, holder] of [...holders]) if (holder.owner === owner) release(name, holder);
      for (const [name, queue] of queues)
        queues.set(
          name,
          queue.filter((waiter) => waiter.owner !== owner),
        );
    },
    held: () => [...holders].map(([name, holder]) => ({ name, owner: holder.owner })),
    stats,
  };
}
