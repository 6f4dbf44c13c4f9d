/**
 * A company's Zalo OA records for the fuzzer and the isolation matrix (docs/messaging.md): the ZALO switch on,
 * an OA with its sealed connection, followers (one linked to a customer), an approved template, a
 * conversation with a message and a campaign with a recipient, written straight to the database
 * (connecting for real needs Zalo's consent page; these suites start no simulator).
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { saveConnection } from '@server/kernel/connections';
import {
  companyFeatures,
  customers,
  zaloCampaignRecipients,
  zaloCampaigns,
  zaloConversations,
  zaloFollowers,
  zaloMessages,
  zaloOas,
  zaloTemplates,
} from '@server/kernel/db/schema';
import type { TestServer } from '@server/testing/test-server';

export async function seedMessaging(server: TestServer, companyId: number, prefix: string): Promise<void> {
  const { db, vault } = server.deps;
  await db
    .update(companyFeatures)
    .set({ isEnabled: true })
    .where(and(eq(companyFeatures.companyId, companyId), eq(companyFeatures.code, 'ZALO')));
  const [customer] = await db.select().from(customers).where(eq(customers.companyId, companyId)).limit(1);
  const oaId = `19${String(companyId).padStart(4, '0')}${prefix === 'AK' ? '1' : '2'}777`;
  const connection = await saveConnection(db, vault, {
    companyId,
    provider: 'zalo',
    accountKey: oaId,
    label: `${prefix} OA thử nghiệm`,
    environment: 'simulator',
    settings: { appId: '1234567890', oaName: `${prefix} OA thử nghiệm` },
    secrets: {
      appSecret: `${prefix}-secret`,
      accessToken: `${prefix}-token`,
      refreshToken: `${prefix}-refresh`,
      oaSecretKey: `${prefix}-oa-key`,
    },
  });
  const [oa] = await db
    .insert(zaloOas)
    .values({
      companyId,
      connectionId: connection.id,
      oaId,
      appId: '1234567890',
      name: `${prefix} OA thử nghiệm`,
      accessExpiresAt: new Date(Date.now() + 20 * 3600_000),
      orderEvents: {},
    })
    .returning();
  const followers = await db
    .insert(zaloFollowers)
    .values(
      [1, 2].map((n) => ({
        companyId,
        oaRowId: oa!.id,
        userId: `${oaId}${n}`,
        displayName: `${prefix} Người quan tâm ${n}`,
        phone: `09${String(companyId).padStart(2, '0')}00000${n}`.slice(0, 10),
        customerId: n === 1 ? (customer?.id ?? null) : null,
        lastInteractionAt: new Date(),
        searchText: fold(`${prefix} Người quan tâm ${n}`),
      })),
    )
    .returning();
  const [template] = await db
    .insert(zaloTemplates)
    .values({
      companyId,
      oaRowId: oa!.id,
      templateId: `${companyId}00${prefix === 'AK' ? 1 : 2}`,
      name: `${prefix} Mẫu thông báo`,
      status: 'enabled',
      params: [{ name: 'customer_name', type: 'STRING', require: true, max_length: 60 }],
      sampleData: { customer_name: `${prefix} Nhà thuốc mẫu` },
      bindings: { customer_name: { field: 'customer.name' } },
    })
    .returning();
  const [conversation] = await db
    .insert(zaloConversations)
    .values({
      companyId,
      oaRowId: oa!.id,
      userId: followers[0]!.userId,
      displayName: followers[0]!.displayName,
      lastUserAt: new Date(),
      lastMessageText: `${prefix} xin chào`,
      unread: 1,
      searchText: fold(followers[0]!.displayName),
    })
    .returning();
  await db.insert(zaloMessages).values({
    id: crypto.randomUUID(),
    companyId,
    oaRowId: oa!.id,
    conversationId: conversation!.id,
    direction: 'in',
    kind: 'text',
    text: `${prefix} xin chào shop`,
    userId: followers[0]!.userId,
    status: 'received',
  });
  const [campaign] = await db
    .insert(zaloCampaigns)
    .values({
      companyId,
      oaRowId: oa!.id,
      name: `${prefix} Chiến dịch thử`,
      templateRowId: template!.id,
      source: 'followers',
      scheduledAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  await db.insert(zaloCampaignRecipients).values({
    companyId,
    campaignId: campaign!.id,
    trackingId: crypto.randomUUID(),
    phone: followers[0]!.phone!,
    name: followers[0]!.displayName,
    followerId: followers[0]!.id,
    templateData: { customer_name: `${prefix} Nhà thuốc mẫu` },
  });
}
