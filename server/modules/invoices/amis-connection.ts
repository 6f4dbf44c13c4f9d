/**
 * A company's connection to MISA AMIS Kế toán (server/kernel/connections.ts): the app_id MISA
 * gives the app, the company's code on AMIS, and the connection code its administrator creates
 * there (sealed), plus a random token in the callback's address that tells us the callback is for
 * this connection. Saving connects with what was typed first, so a wrong code changes nothing.
 */
import crypto from 'node:crypto';
import type * as v from 'valibot';
import { accountingPaths, type AmisConnectionRecord, type AmisConnectionSchema } from '@contract/invoices-accounting';
import type { AppDeps } from '@server/kernel/app-types';
import { listConnections, saveConnection } from '@server/kernel/connections';
import { badRequest } from '@server/kernel/errors';
import { secretHint } from '@server/kernel/vault';
import { AMIS, amisClient, type AmisConnection, type AmisSettings } from './amis-client';
import { providerProblem } from './invoice-settings';

export async function amisConnection(deps: Pick<AppDeps, 'db' | 'vault'>, companyId: number): Promise<AmisConnection | null> {
  const [connection] = await listConnections<AmisSettings, AmisConnection['secrets']>(deps, companyId, AMIS);
  return connection ?? null;
}

export async function requireAmisConnection(deps: Pick<AppDeps, 'db' | 'vault'>, companyId: number): Promise<AmisConnection> {
  const connection = await amisConnection(deps, companyId);
  if (!connection) throw badRequest('VALIDATION_FAILED', 'Công ty chưa kết nối MISA AMIS Kế toán (Đồng bộ kế toán › Kết nối)');
  return connection;
}

export const callbackUrlOf = (deps: Pick<AppDeps, 'publicUrl'>, connection: Pick<AmisConnection, 'id' | 'secrets'>) =>
  `${deps.publicUrl}/api${accountingPaths.callback(connection.id, connection.secrets.callbackToken ?? '')}`;

export function amisClientFor(deps: AppDeps, connection: AmisConnection) {
  return amisClient(deps, connection, callbackUrlOf(deps, connection));
}

export function connectionRecord(
  deps: Pick<AppDeps, 'publicUrl'>,
  companyId: number,
  connection: AmisConnection | null,
): AmisConnectionRecord | null {
  if (!connection) return null;
  return {
    company: companyId,
    environment: connection.environment === 'simulator' ? 'simulator' : 'production',
    app_id: connection.settings.appId,
    org_company_code: connection.settings.orgCompanyCode,
    access_code_hint: secretHint(connection.secrets.accessCode),
    callback_url: callbackUrlOf(deps, connection),
    status: connection.status,
    status_message: connection.statusMessage,
    token_expires_at: connection.secrets.tokenExpiresAt ?? null,
    checked_at: connection.checkedAt?.toISOString() ?? null,
  };
}

export async function saveAmisConnection(
  deps: AppDeps,
  input: v.InferOutput<typeof AmisConnectionSchema>,
  accountId: number,
): Promise<AmisConnection> {
  const stored = await amisConnection(deps, input.company);
  const accessCode = input.access_code ?? stored?.secrets.accessCode;
  if (!accessCode) throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập mã kết nối', { access_code: 'Vui lòng nhập mã kết nối' });
  const settings: AmisSettings = { appId: input.app_id, orgCompanyCode: input.org_company_code };
  const callbackToken = stored?.secrets.callbackToken ?? crypto.randomBytes(24).toString('base64url');
  // The connection row first keeps its id (the callback's address names it); the code is tried before it is stored.
  const trial: AmisConnection = {
    ...(stored ?? {
      id: 0,
      companyId: input.company,
      provider: AMIS,
      accountKey: '',
      label: 'MISA AMIS Kế toán',
      status: 'connected',
      statusMessage: null,
      checkedAt: null,
      updatedAt: new Date(),
    }),
    environment: input.environment,
    settings,
    secrets: { accessCode, callbackToken },
  };
  let token: { token: string; expiresAt: string };
  try {
    // A new connection's callback address is known once it has an id: it is given again at the next connect.
    token = await amisClientFor(deps, { ...trial, id: stored?.id ?? 0 }).connect();
  } catch (error) {
    return providerProblem(error);
  }
  await saveConnection(deps.db, deps.vault, {
    companyId: input.company,
    provider: AMIS,
    label: 'MISA AMIS Kế toán',
    environment: input.environment,
    settings,
    secrets: { accessCode: input.access_code ?? undefined, callbackToken, token: token.token, tokenExpiresAt: token.expiresAt },
    status: 'connected',
    createdBy: accountId,
  });
  const saved = (await amisConnection(deps, input.company))!;
  if (stored) return saved;
  // A new connection: connected again with its own callback address, now that it has an id.
  await amisClientFor(deps, saved).connect();
  return (await amisConnection(deps, input.company))!;
}
