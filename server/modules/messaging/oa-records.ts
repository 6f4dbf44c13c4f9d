/** The company's OAs as the browser sees them (contract/messaging.ts OaRecord): never a secret, only hints. */
import { and, eq, sql } from 'drizzle-orm';
import type { OaEnvironment, OaRecord, OaStatus } from '@contract/messaging';
import type { AppDeps } from '@server/kernel/app-types';
import { connectionView, listConnections } from '@server/kernel/connections';
import { zaloFollowers, zaloOas, zaloTemplates } from '@server/kernel/db/schema';
import { webhookUrl, ZALO_PROVIDER, type OaRow, type ZaloConnection, type ZaloSecrets, type ZaloSettings } from './oa-store';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type Counts = { followers: number; linked: number; templates: number };

export function oaRecord(deps: Pick<AppDeps, 'publicUrl'>, oa: OaRow, connection: ZaloConnection, counts: Counts): OaRecord {
  const view = connectionView(connection);
  return {
    id: oa.id,
    oa_id: oa.oaId,
    app_id: oa.appId,
    name: oa.name,
    label: connection.label,
    avatar: oa.avatar,
    environment: connection.environment as OaEnvironment,
    status: connection.status as OaStatus,
    status_message: connection.statusMessage,
    access_expires_at: iso(oa.accessExpiresAt),
    refresh_expires_at: iso(oa.refreshExpiresAt),
    secret_hints: { app_secret: view.secretHints.appSecret ?? null, oa_secret_key: view.secretHints.oaSecretKey ?? null },
    follower_count: counts.followers,
    linked_count: counts.linked,
    template_count: counts.templates,
    sync: {
      state: oa.syncState as OaRecord['sync']['state'],
      done: oa.syncDone,
      total: oa.syncTotal,
      error: oa.syncError,
      synced_at: iso(oa.syncedAt),
    },
    order_events: oa.orderEvents,
    webhook_url: webhookUrl(deps),
    created_at: oa.createdAt.toISOString(),
  };
}

export async function listOaRecords(deps: AppDeps, companyId: number, only?: number): Promise<OaRecord[]> {
  const [rows, connections, followerCounts, templateCounts] = await Promise.all([
    deps.db
      .select()
      .from(zaloOas)
      .where(and(eq(zaloOas.companyId, companyId), only === undefined ? undefined : eq(zaloOas.id, only)))
      .orderBy(zaloOas.id),
    listConnections<ZaloSettings, ZaloSecrets>(deps, companyId, ZALO_PROVIDER),
    deps.db
      .select({
        oa: zaloFollowers.oaRowId,
        followers: sql<number>`count(*) filter (where ${zaloFollowers.isFollower})::int`,
        linked: sql<number>`count(${zaloFollowers.customerId})::int`,
      })
      .from(zaloFollowers)
      .where(eq(zaloFollowers.companyId, companyId))
      .groupBy(zaloFollowers.oaRowId),
    deps.db
      .select({ oa: zaloTemplates.oaRowId, templates: sql<number>`count(*)::int` })
      .from(zaloTemplates)
      .where(eq(zaloTemplates.companyId, companyId))
      .groupBy(zaloTemplates.oaRowId),
  ]);
  const byId = new Map(connections.map((connection) => [connection.id, connection]));
  return rows.flatMap((oa) => {
    const connection = byId.get(oa.connectionId);
    if (!connection) return [];
    const followers = followerCounts.find((row) => row.oa === oa.id);
    const templates = templateCounts.find((row) => row.oa === oa.id);
    return [
      oaRecord(deps, oa, connection, {
        followers: followers?.followers ?? 0,
        linked: followers?.linked ?? 0,
        templates: templates?.templates ?? 0,
      }),
    ];
  });
}
