/**
 * Every provider simulator (docs/integrations.md), by the prefix it is served under. The prefix is
 * the connection's `provider` name, so a connection in the 'simulator' environment calls
 * `<host>/<provider>/…` (server/kernel/connections.ts providerBaseUrl).
 */
import { esmsSimulator } from './esms';
import type { SimulatorFactory } from './host';

export const SIMULATORS = {
  esms: esmsSimulator,
} satisfies Record<string, SimulatorFactory>;

export type SimulatorName = keyof typeof SIMULATORS;
