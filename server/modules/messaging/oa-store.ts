/**
 * A connected OA as the module works with it: its row (zalo_oas), its provider connection with the
 * sealed secrets (server/kernel/connections.ts), and where its Zalo calls go (production hosts, or
 * the simulator in demo mode and tests). Everything here is read within one company.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '@server/kernel/app-types';
import { findConnection, providerBaseUrl, type Connection } from '@server/kernel/connections';
import type { Db } from '@server/kernel/db/client';
import { zaloOas } from '@server/kernel/db/schema';
import { HttpError, notFound } from '@server/kernel/errors';
import { ProviderError } from '@server/lib/provider-http';
import { simulatorHosts, ZALO_PRODUCTION_HOSTS, type ZaloHosts } from './zalo-client';

export const ZALO_PROVIDER = 'zalo';

export type ZaloSecrets = { appSecret?: string; accessToken?: string; refreshToken?: string; oaSecretKey?: string };
export type ZaloSettings = { appId: string; oaName: string; baseUrl?: string };
export type ZaloConnection = Connection<ZaloSettings, ZaloSecrets>;
export type OaRow = typeof zaloOas.$inferSelect;
export type LoadedOa = { oa: OaRow; connection: ZaloConnection };

export const OA_NOT_FOUND = 'Không tìm thấy OA của công ty';

export async function oaRow(db: Db, companyId: number, id: number): Promise<OaRow | null> {
  const [row] = await db
    .select()
    .from(zaloOas)
    .where(and(eq(zaloOas.companyId, companyId), eq(zaloOas.id, id)));
  return row ?? null;
}

/** The OA and its connection, or a 404 (another company's OA is "not found"). */
export async function loadOa(deps: Pick<AppDeps, 'db' | 'vault'>, companyId: number, id: number): Promise<LoadedOa> {
  const oa = await oaRow(deps.db, companyId, id);
  const connection = oa ? await findConnection<ZaloSettings, ZaloSecrets>(deps, companyId, oa.connectionId) : null;
  if (!oa || !connection) throw notFound(OA_NOT_FOUND);
  return { oa, connection };
}

export function zaloHosts(
  deps: Pick<AppDeps, 'simulatorUrl'>,
  connection: Pick<ZaloConnection, 'environment' | 'provider' | 'settings'>,
): ZaloHosts {
  if (connection.environment === 'simulator' && !deps.simulatorUrl && !connection.settings.baseUrl) {
    throw new ProviderError('network', 'Trình giả lập Zalo không chạy trên máy chủ này (SIMULATORS=false)');
  }
  if (connection.environment === 'simulator' || connection.settings.baseUrl) {
    return simulatorHosts(providerBaseUrl(deps, connection, { production: '', sandbox: '' }));
  }
  return ZALO_PRODUCTION_HOSTS;
}

export function webhookUrl(deps: Pick<AppDeps, 'publicUrl'>): string {
  return `${deps.publicUrl.replace(/\/$/, '')}/api/zalo-oa/webhook/`;
}

export function redirectUri(deps: Pick<AppDeps, 'publicUrl'>): string {
  return `${deps.publicUrl.replace(/\/$/, '')}/api/zalo-oa/zalo-oas/callback/`;
}

/** A Zalo call made while the person waits: its failure answered 424 with the Vietnamese reason. */
export async function answeringProviderError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(424, 'PROVIDER_ERROR', error.message);
    throw error;
  }
}
