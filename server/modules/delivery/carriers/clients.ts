/**
 * The client for a company's carrier account: its host from the connection's environment
 * (server/kernel/connections.ts providerBaseUrl: the carrier's production or sandbox host, or the
 * local simulator), its secrets opened here and nowhere else.
 */
import type { ApiCarrier } from '@contract/delivery';
import type { AppDeps } from '@server/kernel/app-types';
import { providerBaseUrl, type Connection } from '@server/kernel/connections';
import { ProviderError } from '@server/lib/provider-http';
import type { CarrierClient } from './carrier';
import { ghnClient, GHN_HOSTS } from './ghn';
import { ghtkClient, GHTK_HOSTS } from './ghtk';
import { vtpClient, vtpLogin, VTP_HOSTS, VTP_PRINT_HOSTS } from './vtp';

export type CarrierSecrets = { token?: string; webhookSecret?: string };
export type CarrierConnection = Connection<Record<string, unknown>, CarrierSecrets>;

export const CARRIER_HOSTS: Record<ApiCarrier, { production: string; sandbox: string }> = {
  ghn: GHN_HOSTS,
  ghtk: GHTK_HOSTS,
  vtp: VTP_HOSTS,
};

export function carrierBaseUrl(
  deps: Pick<AppDeps, 'simulatorUrl'>,
  connection: Pick<CarrierConnection, 'environment' | 'provider' | 'settings'>,
) {
  if (connection.environment === 'simulator' && !deps.simulatorUrl) {
    throw new ProviderError('network', 'Trình giả lập hãng vận chuyển không chạy trên máy chủ này (SIMULATORS=false)');
  }
  return providerBaseUrl(deps, connection, CARRIER_HOSTS[connection.provider as ApiCarrier]);
}

/** A client for the account, given its (possibly not yet saved) secrets. */
export function carrierClient(
  deps: Pick<AppDeps, 'simulatorUrl' | 'env'>,
  connection: Pick<CarrierConnection, 'environment' | 'provider' | 'settings' | 'accountKey' | 'secrets'>,
): CarrierClient {
  const baseUrl = carrierBaseUrl(deps, connection);
  const token = connection.secrets.token ?? '';
  const timeoutMs = deps.env.providerTimeoutMs;
  switch (connection.provider as ApiCarrier) {
    case 'ghn':
      return ghnClient({ baseUrl, token, shopId: connection.accountKey, timeoutMs });
    case 'ghtk':
      return ghtkClient({ baseUrl, token, partnerCode: connection.accountKey, timeoutMs });
    case 'vtp': {
      const printHosts: Record<string, string> = VTP_PRINT_HOSTS;
      return vtpClient({ baseUrl, printBaseUrl: printHosts[connection.environment] ?? baseUrl, token, timeoutMs });
    }
    default:
      throw new ProviderError('rejected', `Chưa hỗ trợ hãng ${connection.provider}`);
  }
}

/**
 * The secrets kept for an account from what the office typed: GHN's and GHTK's tokens as they are;
 * for Viettel Post the password is exchanged for its long-lived token and never stored.
 */
export async function exchangeSecrets(
  deps: Pick<AppDeps, 'simulatorUrl' | 'env'>,
  connection: Pick<CarrierConnection, 'environment' | 'provider' | 'settings' | 'accountKey'>,
  given: string,
): Promise<{ token: string }> {
  if (connection.provider !== 'vtp') return { token: given };
  return { token: await vtpLogin(carrierBaseUrl(deps, connection), connection.accountKey, given, deps.env.providerTimeoutMs) };
}
