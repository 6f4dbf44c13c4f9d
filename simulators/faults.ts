/**
 * Faults on demand for every simulator (docs/integrations.md): a test, or a person trying the demo,
 * queues what the next matching calls should suffer, through `POST /<simulator>/__sim/faults` or
 * the simulator object. The faults a real provider shows and our clients must survive:
 * - `fail`: 500 before doing anything;
 * - `fail-after`: do the work, then answer 500 (the caller cannot know it happened);
 * - `timeout`: do the work, then hold the answer past the caller's timeout;
 * - `rate-limit`: 429 with Retry-After, nothing done.
 */
import type { MiddlewareHandler } from 'hono';

export type FaultKind = 'fail' | 'fail-after' | 'timeout' | 'rate-limit';
export const FAULT_KINDS: readonly FaultKind[] = ['fail', 'fail-after', 'timeout', 'rate-limit'];

export type Fault = {
  kind: FaultKind;
  /** Only calls whose path (below the simulator's prefix) contains this; any call when absent. */
  path?: string;
  /** How many calls suffer it (default 1). */
  times?: number;
  /** How long `timeout` holds the answer (default 30 s). */
  delayMs?: number;
};

export function faultQueue() {
  const pending: (Fault & { times: number })[] = [];
  return {
    push(fault: Fault) {
      pending.push({ ...fault, times: fault.times ?? 1 });
    },
    /** The fault the call at `path` suffers, if one is queued for it. */
    take(path: string): Fault | null {
      const index = pending.findIndex((fault) => !fault.path || path.includes(fault.path));
      if (index < 0) return null;
      const fault = pending[index]!;
      fault.times -= 1;
      if (fault.times <= 0) pending.splice(index, 1);
      return fault;
    },
    clear() {
      pending.length = 0;
    },
    get size() {
      return pending.length;
    },
  };
}

export type FaultQueue = ReturnType<typeof faultQueue>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies the queued faults to the calls of a simulator (mounted before its routes). */
export function applyFaults(faults: FaultQueue): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.includes('/__sim/')) return next();
    const fault = faults.take(c.req.path);
    if (!fault) return next();
    if (fault.kind === 'fail') return c.json({ message: 'Simulated server error' }, 500);
    if (fault.kind === 'rate-limit') {
      c.header('Retry-After', '1');
      return c.json({ message: 'Too many requests' }, 429);
    }
    await next();
    if (fault.kind === 'fail-after') {
      c.res = new Response(JSON.stringify({ message: 'Simulated server error after the work was done' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
      return;
    }
    await sleep(fault.delayMs ?? 30_000);
  };
}
