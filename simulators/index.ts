/**
 * Every provider simulator (docs/integrations.md), by the prefix it is served under. The prefix is
 * the connection's `provider` name, so a connection in the 'simulator' environment calls
 * `<host>/<provider>/…` (server/kernel/connections.ts providerBaseUrl).
 */
import { esmsSimulator } from './esms';
import type { SimulatorFactory } from './host';
import { ghnSimulator } from './ghn';
import { ghtkSimulator } from './ghtk';
import { vtpSimulator } from './vtp';
import { amisSimulator } from './amis';
import { meinvoiceSimulator } from './meinvoice';
import { zaloSimulator } from './zalo';

export const SIMULATORS = {
  esms: esmsSimulator,
  ghn: ghnSimulator,
  ghtk: ghtkSimulator,
  vtp: vtpSimulator,
  meinvoice: meinvoiceSimulator,
  amis: amisSimulator,
  zalo: zaloSimulator,
} satisfies Record<string, SimulatorFactory>;

export type SimulatorName = keyof typeof SIMULATORS;
