/**
 * An Khang's Zalo OA in the demo (docs/messaging.md "Demo"): connected to the Zalo simulator
 * (environment 'simulator') with the simulator's demo app, so a new user finds followers, ZNS
 * templates and an inbox without any Zalo account. These values repeat simulators/zalo/world.ts
 * DEMO_APP and DEMO_OA_ID (the simulators import nothing of the app's, nor it of them). The first
 * job refreshes the tokens with the bootstrap refresh token the simulator always accepts,
 * then syncs the followers and templates.
 */
import type { Db } from '@server/kernel/db/client';
import { saveConnection } from '@server/kernel/connections';
import { zaloOas } from '@server/kernel/db/schema';
import type { Vault } from '@server/kernel/vault';
import { enqueueSyncs, ZALO_PROVIDER } from '@server/modules/messaging';

export const DEMO_ZALO = {
  appId: '2718281828459045',
  appSecret: 'ankhang-zalo-app-secret-demo',
  oaSecretKey: 'ankhang-oa-secret-key-demo',
  bootstrapRefreshToken: 'ankhang-demo-bootstrap-refresh-token',
  oaId: '1900111222333444555',
  oaName: 'Dược phẩm An Khang',
} as const;

/** Without the simulators (most tests) no sync is queued: it could only fail. */
export async function seedDemoMessaging(db: Db, vault: Vault, ids: { anKhangId: number; anId: number }, sync: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const connection = await saveConnection(tx, vault, {
      companyId: ids.anKhangId,
      provider: ZALO_PROVIDER,
      accountKey: DEMO_ZALO.oaId,
      label: DEMO_ZALO.oaName,
      environment: 'simulator',
      settings: { appId: DEMO_ZALO.appId, oaName: DEMO_ZALO.oaName },
      secrets: { appSecret: DEMO_ZALO.appSecret, oaSecretKey: DEMO_ZALO.oaSecretKey, refreshToken: DEMO_ZALO.bootstrapRefreshToken },
      createdBy: ids.anId,
    });
    const [oa] = await tx
      .insert(zaloOas)
      .values({
        companyId: ids.anKhangId,
        connectionId: connection.id,
        oaId: DEMO_ZALO.oaId,
        appId: DEMO_ZALO.appId,
        name: DEMO_ZALO.oaName,
        createdBy: ids.anId,
      })
      .returning();
    if (sync) await enqueueSyncs(tx, oa!);
  });
}
