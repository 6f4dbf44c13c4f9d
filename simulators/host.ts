/**
 * The local simulators of the providers we call (docs/integrations.md), served by one HTTP server,
 * each under its own prefix (`/ghn`, `/zalo`, …) as if it were the provider's host. The tests start
 * one on a free port; `npm start`'s demo mode starts one beside the app (SIMULATORS, SIMULATOR_PORT),
 * and the demo companies' connections point at it (environment 'simulator').
 *
 * Every simulator also answers, below its prefix:
 * - `GET __sim/state`: what it holds (shipments, messages, vouchers…), for tests and curious people;
 * - `POST __sim/faults` with a Fault (./faults.ts) or a list of them;
 * - `POST __sim/reset`: forget everything.
 * Simulators model the outside world: they import nothing of the app's (lint refuses it).
 */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { applyFaults, faultQueue, FAULT_KINDS, type Fault, type FaultQueue } from './faults';

export type SimulatorContext = {
  /** This simulator's own base URL, e.g. http://127.0.0.1:3900/ghn (for links it hands out). */
  baseUrl: string;
  faults: FaultQueue;
  /** The app's own address (for a provider's webhooks to it), once it is listening; null before. */
  appUrl?: () => string | null;
};

export type Simulator = {
  /** The provider's calls, relative to the simulator's prefix. */
  app: Hono;
  state: () => unknown;
  reset: () => void;
};

export type SimulatorFactory<S extends Simulator = Simulator> = (context: SimulatorContext) => S;

export type SimulatorHost<M extends Record<string, Simulator>> = {
  url: string;
  port: number;
  simulators: M;
  faults: Record<keyof M, FaultQueue>;
  stop: () => Promise<void>;
};

function isFault(value: unknown): value is Fault {
  return typeof value === 'object' && value !== null && FAULT_KINDS.includes((value as Fault).kind);
}

export async function startSimulatorHost<F extends Record<string, SimulatorFactory>>(
  factories: F,
  options: { port?: number; hostname?: string; appUrl?: () => string | null } = {},
): Promise<SimulatorHost<{ [K in keyof F]: ReturnType<F[K]> }>> {
  const hostname = options.hostname ?? '127.0.0.1';
  const root = new Hono({ strict: false });
  const simulators: Record<string, Simulator> = {};
  const faults: Record<string, FaultQueue> = {};
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: (request) => root.fetch(request), port: options.port ?? 0, hostname }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const baseUrl = `http://${hostname}:${port}`;
  for (const [name, factory] of Object.entries(factories)) {
    const queue = faultQueue();
    const simulator = factory({ baseUrl: `${baseUrl}/${name}`, faults: queue, appUrl: options.appUrl });
    const mounted = new Hono({ strict: false });
    mounted.get('/__sim/state', (c) => c.json(simulator.state() as object));
    mounted.post('/__sim/reset', (c) => {
      simulator.reset();
      queue.clear();
      return c.json({ ok: true });
    });
    mounted.post('/__sim/faults', async (c) => {
      const body: unknown = await c.req.json().catch(() => null);
      const list = Array.isArray(body) ? body : [body];
      if (!list.every(isFault)) return c.json({ message: `kind must be one of ${FAULT_KINDS.join(', ')}` }, 400);
      for (const fault of list) queue.push(fault);
      return c.json({ queued: queue.size });
    });
    mounted.use('*', applyFaults(queue));
    mounted.route('/', simulator.app);
    root.route(`/${name}`, mounted);
    simulators[name] = simulator;
    faults[name] = queue;
  }
  root.all('*', (c) => c.json({ message: 'No simulator here' }, 404));
  return {
    url: baseUrl,
    port,
    simulators: simulators as { [K in keyof F]: ReturnType<F[K]> },
    faults: faults as Record<keyof F, FaultQueue>,
    stop: () =>
      new Promise<void>((resolve) => {
        // Answers held by a `timeout` fault must not keep the process waiting.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
