/**
 * A company's carrier accounts (connecttransportpartner, transportpartneraccountdetail,
 * connectaccountkafa): provider connections (server/kernel/connections.ts) whose secrets are the
 * carrier's token and the secret its webhooks prove themselves with. An account is checked at the
 * carrier before it is saved; nothing is kept when the carrier refuses it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, notInArray } from 'drizzle-orm';
import {
  API_CARRIERS,
  CARRIER_LABELS,
  DELIVERY_MESSAGES,
  deliveryWebhookPath,
  type ApiCarrier,
  type Carrier,
  type CarrierAccountRecord,
  type CarrierEnvironment,
  type ConnectCarrierInput,
  type SenderAddress,
} from '@contract/delivery';
import { FINAL_DELIVERY_STATUSES } from '@contract/delivery-status';
import type { AppDeps } from '@server/kernel/app-types';
import {
  deleteConnection,
  findConnection,
  listConnections,
  saveConnection,
  setConnectionStatus,
  updateConnectionSecrets,
} from '@server/kernel/connections';
import { deliveryOrders } from '@server/kernel/db/schema';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { providerFetch } from '@server/lib/provider-http';
import type { AccountCheck } from './carriers/carrier';
import { carrierBaseUrl, carrierClient, exchangeSecrets, type CarrierConnection } from './carriers/clients';
import { askCarrier, carrierMessage } from './carrier-errors';

export type CarrierSettings = { sender?: SenderAddress; fee?: number; shipperIds?: number[] };
type Deps = Pick<AppDeps, 'db' | 'vault' | 'simulatorUrl' | 'env' | 'publicUrl'>;

const EMPTY_SENDER: SenderAddress = { name: '', phone: '', address: '', province: '', district: '', ward: '' };

/**
 * The address the carrier posts status updates to, with the secret that proves them. The secret is
 * shown whole only in the answer to whoever connects the account or makes a new secret; every other
 * answer (lists, drafts a rep may read) carries its last four characters.
 */
function webhookUrl(deps: Pick<AppDeps, 'publicUrl'>, connection: CarrierConnection, reveal: boolean): string | null {
  const secret = connection.secrets.webhookSecret;
  if (connection.provider === 'self' || !secret) return null;
  const path = deliveryWebhookPath(connection.provider as ApiCarrier, connection.id);
  return `${deps.publicUrl}/api${path}?secret=${reveal ? secret : `••••${secret.slice(-4)}`}`;
}

export function accountRecord(deps: Pick<AppDeps, 'publicUrl'>, connection: CarrierConnection, reveal = false): CarrierAccountRecord {
  const settings = connection.settings as CarrierSettings;
  const { webhookSecret: _webhook, ...carrierSecrets } = connection.secrets;
  return {
    id: connection.id,
    carrier: connection.provider as Carrier,
    label: connection.label,
    environment: connection.environment as CarrierEnvironment,
    status: connection.status,
    status_message: connection.statusMessage,
    checked_at: connection.checkedAt?.toISOString() ?? null,
    account_key: connection.accountKey,
    secret_hints: Object.fromEntries(
      Object.entries(carrierSecrets).map(([name, value]) => [name, value ? `••••${value.slice(-4)}` : null]),
    ),
    sender: settings.sender ?? EMPTY_SENDER,
    self_fee: connection.provider === 'self' ? (settings.fee ?? 0) : null,
    shipper_ids: settings.shipperIds ?? [],
    webhook_url: reveal ? webhookUrl(deps, connection, true) : null,
    webhook_hint: webhookUrl(deps, connection, false),
  };
}

/** A new webhook secret: the old address stops being accepted at once. */
export async function renewWebhookSecret(deps: Deps, companyId: number, id: number): Promise<CarrierConnection> {
  const connection = await carrierAccount(deps, companyId, id);
  if (connection.provider === 'self') throw badRequest('VALIDATION_FAILED', 'Giao bằng nhân viên công ty không có webhook');
  await updateConnectionSecrets(deps, connection, { webhookSecret: newWebhookSecret() });
  const renewed = await carrierAccount(deps, companyId, id);
  await registerSimulatorWebhook(deps, renewed);
  return renewed;
}

const newWebhookSecret = () => randomBytes(18).toString('base64url');

export async function carrierAccounts(deps: Deps, companyId: number): Promise<CarrierConnection[]> {
  const all = await listConnections<Record<string, unknown>, CarrierConnection['secrets']>(deps, companyId);
  return all.filter((connection) => ([...API_CARRIERS, 'self'] as string[]).includes(connection.provider));
}

export async function carrierAccount(deps: Deps, companyId: number, id: number): Promise<CarrierConnection> {
  const found = await findConnection<Record<string, unknown>, CarrierConnection['secrets']>(deps, companyId, id);
  if (!found || !([...API_CARRIERS, 'self'] as string[]).includes(found.provider)) throw notFound(DELIVERY_MESSAGES.connectionNotFound);
  return found;
}

/**
 * In the simulator the account's webhook is registered the way a person registers it on the
 * carrier's site (simulators/carrier-sim.ts `__sim/webhook`); for a real account the office pastes
 * the URL shown on /connect-dlo there.
 */
export async function registerSimulatorWebhook(deps: Pick<AppDeps, 'simulatorUrl' | 'publicUrl'>, connection: CarrierConnection) {
  const url = webhookUrl(deps, connection, true);
  const token = connection.secrets.token ?? '';
  if (connection.environment !== 'simulator' || !url || !deps.simulatorUrl) return;
  // What identifies the caller at the carrier: GHN's token with its shop, the others' token.
  const account = connection.provider === 'ghn' ? `${token}:${connection.accountKey}` : token;
  await providerFetch(`${carrierBaseUrl(deps, connection)}/__sim/webhook`, { json: { account, url } }).catch(() => undefined);
}

export async function connectCarrier(deps: Deps, companyId: number, accountId: number, input: ConnectCarrierInput) {
  const existing = (await carrierAccounts(deps, companyId)).find(
    (connection) => connection.provider === input.carrier && connection.accountKey === input.account_key,
  );
  if (!input.token && !existing?.secrets.token)
    throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập token', { token: 'Vui lòng nhập token' });
  const draft = { environment: input.environment, provider: input.carrier, settings: {}, accountKey: input.account_key };
  const secrets = input.token ? await askCarrier(() => exchangeSecrets(deps, draft, input.token!)) : { token: existing!.secrets.token! };
  let check: AccountCheck;
  try {
    check = await carrierClient(deps, { ...draft, secrets }).check();
  } catch (error) {
    throw badRequest('CARRIER_REFUSED', carrierMessage(error), { token: carrierMessage(error) });
  }
  const saved = (await saveConnection(deps.db, deps.vault, {
    companyId,
    provider: input.carrier,
    accountKey: input.account_key,
    label: input.label ?? `${CARRIER_LABELS[input.carrier]} – ${check.name}`,
    environment: input.environment,
    settings: { sender: input.sender } satisfies CarrierSettings,
    secrets: { ...secrets, webhookSecret: existing?.secrets.webhookSecret ?? newWebhookSecret() },
    status: 'connected',
    createdBy: accountId,
  })) as CarrierConnection;
  await registerSimulatorWebhook(deps, saved);
  return saved;
}

export async function connectSelfDelivery(
  deps: Deps,
  companyId: number,
  accountId: number,
  input: { fee: number; shipper_ids: number[]; sender: SenderAddress },
) {
  return (await saveConnection(deps.db, deps.vault, {
    companyId,
    provider: 'self',
    label: CARRIER_LABELS.self,
    environment: 'production',
    settings: { fee: input.fee, shipperIds: [...new Set(input.shipper_ids)], sender: input.sender } satisfies CarrierSettings,
    secrets: {},
    status: 'connected',
    createdBy: accountId,
  })) as CarrierConnection;
}

/** Asks the carrier whether the account still works, and keeps the answer on the connection. */
export async function checkAccount(
  deps: Deps,
  connection: CarrierConnection,
): Promise<{ connection: CarrierConnection; check: AccountCheck | null }> {
  if (connection.provider === 'self') return { connection, check: { name: CARRIER_LABELS.self, details: {} } };
  try {
    const check = await carrierClient(deps, connection).check();
    await setConnectionStatus(deps.db, connection.id, 'connected');
    return { connection: { ...connection, status: 'connected', statusMessage: null, checkedAt: new Date() }, check };
  } catch (error) {
    const auth = (error as { failure?: string }).failure === 'auth';
    const status = auth ? 'needs_reconnect' : 'error';
    await setConnectionStatus(deps.db, connection.id, status, carrierMessage(error));
    return { connection: { ...connection, status, statusMessage: carrierMessage(error), checkedAt: new Date() }, check: null };
  }
}

/** Disconnecting an account that still carries deliveries would leave them untracked: refused until they end. */
export async function disconnectAccount(deps: Deps, companyId: number, id: number) {
  await carrierAccount(deps, companyId, id);
  const active = await deps.db.$count(
    deliveryOrders,
    and(
      eq(deliveryOrders.companyId, companyId),
      eq(deliveryOrders.connectionId, id),
      notInArray(deliveryOrders.status, [...FINAL_DELIVERY_STATUSES]),
    ),
  );
  if (active > 0)
    throw conflict(`Tài khoản còn ${active} đơn vận chuyển chưa kết thúc; hãy chờ các đơn này hoàn tất hoặc hủy trước khi ngắt kết nối`);
  await deleteConnection(deps.db, companyId, id);
}
