/**
 * A campaign's notices, one per customer who received its lots and per channel: a waiting task to
 * the customer's rep (in-app, resolved once the goods are back or the campaign closes) and a ZNS to
 * the customer through the messaging module when the company has a Zalo OA and chose a template.
 * What could not go is recorded with its reason ("chưa gửi: …"), so the close-out report shows the
 * authority who was told and who was not, rather than a notice that was never sent.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { groupDigits } from '@contract/money';
import { RECALL_LEVEL_RULES, type RecallCustomerProgress, type RecallLevel, type RecallNoticeStatus } from '@contract/pharma-recalls';
import type { Db } from '@server/kernel/db/client';
import { accounts, customers, recallNotices } from '@server/kernel/db/schema';
import { queueCustomerZns } from '@server/modules/messaging';
import { notifyRecallCustomer } from '@server/modules/notifications';

export type NoticeCampaign = {
  id: number;
  companyId: number;
  code: string;
  level: RecallLevel;
  deadline: string;
  decisionNumber: string;
  productName: string;
  lotNos: string[];
  baseUnit: string;
};

const dayText = (day: string) => day.split('-').reverse().join('/');

type NoticeRow = { customerId: string; channel: 'app' | 'zns'; status: RecallNoticeStatus; detail: string };

/** The in-app task to the customer's rep, or why there is none. */
async function appNotice(
  tx: Db,
  campaign: NoticeCampaign,
  customer: { id: string; name: string; staffId: number | null; repName: string | null },
  shipped: number,
): Promise<NoticeRow> {
  if (customer.staffId === null)
    return { customerId: customer.id, channel: 'app', status: 'not_sent', detail: 'chưa gửi: khách hàng chưa có nhân viên phụ trách' };
  await notifyRecallCustomer(tx, {
    companyId: campaign.companyId,
    campaignId: campaign.id,
    code: campaign.code,
    repId: customer.staffId,
    customerId: customer.id,
    title: `Thu hồi ${campaign.productName} lô ${campaign.lotNos.join(', ')}: ${customer.name}`,
    body:
      `Đợt ${campaign.code}, ${RECALL_LEVEL_RULES[campaign.level].label}, quyết định ${campaign.decisionNumber}. ` +
      `Khách đã nhận ${groupDigits(shipped)} ${campaign.baseUnit}. Thu hồi và nhập trả về kho trước ngày ${dayText(campaign.deadline)}.`,
  });
  return {
    customerId: customer.id,
    channel: 'app',
    status: 'sent',
    detail: `đã giao việc cho ${customer.repName ?? 'nhân viên phụ trách'}`,
  };
}

/** Notifies every customer who received the campaign's lots, on both channels, and records each notice. */
export async function sendRecallNotices(
  tx: Db,
  campaign: NoticeCampaign,
  recipients: readonly RecallCustomerProgress[],
  options: { templateRowId: number | null; accountId: number },
): Promise<void> {
  if (recipients.length === 0) return;
  const rows = await tx
    .select({ id: customers.id, name: customers.name, staffId: customers.staffId, repName: accounts.fullName })
    .from(customers)
    .leftJoin(accounts, eq(accounts.id, customers.staffId))
    .where(
      and(
        eq(customers.companyId, campaign.companyId),
        inArray(
          customers.id,
          recipients.map((row) => row.customer_id),
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const notices: NoticeRow[] = [];
  for (const recipient of recipients) {
    const customer = byId.get(recipient.customer_id);
    if (!customer) continue;
    notices.push(await appNotice(tx, campaign, customer, recipient.shipped));
    const zns = await queueCustomerZns(tx, {
      companyId: campaign.companyId,
      customerId: customer.id,
      templateRowId: options.templateRowId,
      key: `recall:${campaign.companyId}:${campaign.id}:${customer.id}`,
      origin: `recall:${campaign.code}`,
      sentBy: options.accountId,
    });
    notices.push({ customerId: customer.id, channel: 'zns', status: zns.queued ? 'queued' : 'not_sent', detail: zns.detail });
  }
  if (notices.length === 0) return;
  await tx.insert(recallNotices).values(notices.map((notice) => ({ ...notice, companyId: campaign.companyId, campaignId: campaign.id })));
}
