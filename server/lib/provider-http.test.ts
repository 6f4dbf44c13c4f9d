import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorHost, type SimulatorHost, type Simulator } from '@simulators/host';
import { providerFetch, ProviderError } from './provider-http';

/** A stand-in provider that counts the orders it creates, behind the simulators' fault layer. */
function counterSimulator(): Simulator & { created: number } {
  const app = new Hono();
  const simulator = {
    app,
    created: 0,
    state: () => ({ created: simulator.created }),
    reset: () => {
      simulator.created = 0;
    },
  };
  app.post('/orders', (c) => {
    simulator.created += 1;
    return c.json({ code: 200, data: { id: simulator.created } });
  });
  app.get('/text', (c) => c.text('plain'));
  return simulator;
}

let host: SimulatorHost<{ shop: ReturnType<typeof counterSimulator> }>;

beforeAll(async () => {
  host = await startSimulatorHost({ shop: counterSimulator });
});
afterAll(async () => {
  await host.stop();
});

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('provider calls through the simulators', () => {
  const url = () => `${host.url}/shop/orders`;

  it('reads a JSON answer', async () => {
    const answer = await providerFetch(url(), { json: { a: 1 } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
  });

  it('classifies each fault, and whether the work happened shows only at the provider', async () => {
    host.simulators.shop.reset();
    host.faults.shop.push({ kind: 'fail' });
    const failed = await failureOf(providerFetch(url(), { json: {} }));
    expect([failed.failure, failed.retryable, failed.details.status]).toEqual(['server', true, 500]);
    expect(host.simulators.shop.created).toBe(0);

    host.faults.shop.push({ kind: 'fail-after' });
    expect((await failureOf(providerFetch(url(), { json: {} }))).failure).toBe('server');
    expect(host.simulators.shop.created).toBe(1);

    host.faults.shop.push({ kind: 'timeout', delayMs: 2_000 });
    const timedOut = await failureOf(providerFetch(url(), { json: {}, timeoutMs: 200 }));
    expect([timedOut.failure, timedOut.retryable]).toEqual(['timeout', true]);
    expect(host.simulators.shop.created).toBe(2);

    host.faults.shop.push({ kind: 'rate-limit' });
    const limited = await failureOf(providerFetch(url(), { json: {} }));
    expect([limited.failure, limited.details.retryAfterMs]).toEqual(['rate_limited', 1000]);
    expect(host.simulators.shop.created).toBe(2);
  });

  it('takes faults over HTTP, for tests and people outside the process, and refuses an unknown one', async () => {
    const queued = await fetch(`${host.url}/shop/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify([{ kind: 'fail', path: '/orders' }]),
    });
    expect(queued.status).toBe(200);
    expect((await failureOf(providerFetch(url(), { json: {} }))).failure).toBe('server');
    const refused = await fetch(`${host.url}/shop/__sim/faults`, { method: 'POST', body: JSON.stringify({ kind: 'explode' }) });
    expect(refused.status).toBe(400);
    const state = await (await fetch(`${host.url}/shop/__sim/state`)).json();
    expect(state).toEqual({ created: host.simulators.shop.created });
  });

  it('says a closed port is a network failure, and leaves a non-JSON body for the client to read', async () => {
    expect((await failureOf(providerFetch('http://127.0.0.1:9/nothing'))).failure).toBe('network');
    const answer = await providerFetch(`${host.url}/shop/text`);
    expect([answer.body, new TextDecoder().decode(answer.bytes)]).toEqual([null, 'plain']);
  });
});
