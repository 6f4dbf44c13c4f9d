/**
 * Who a campaign sends to (docs/messaging.md "Send to many"): the company's customers a filter picks
 * (within the sender's data scope), or the OA's followers, each with a valid mobile phone, once per
 * phone, and the template's data bound from the customer (a follower not linked to one is named by
 * their Zalo name). A recipient whose data leaves a required parameter empty is left out and counted.
 * A household business or person is messaged only with its owner's consent on file
 * (contract/customers-privacy.ts consentBeforeZalo): a campaign is customer care, not a sale.
 */
import { and, arrayContains, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { type CampaignAudienceInput, MAX_CAMPAIGN_RECIPIENTS } from '@contract/messaging-campaigns';
import { fillTemplateData, type BindingSource } from '@contract/messaging-rules';
import { isValidPhone, normalizePhone } from '@contract/phone';
import type { Db } from '@server/kernel/db/client';
import { customers, zaloFollowers } from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';
import { wordConditions } from '@server/kernel/sql';
import { companySource, customerSource } from './binding-source';
import type { TemplateRow } from './templates';
import { formatNumber } from '@contract/money';

export type Recipient = { phone: string; name: string; customerId: string | null; followerId: number | null; data: Record<string, string> };
export type Audience = { recipients: Recipient[]; skipped: number; missing: string[] };

type Candidate = {
  phone: string | null;
  name: string;
  customerId: string | null;
  followerId: number | null;
  customer: BindingSource['customer'];
};

async function customerCandidates(
  db: Db,
  companyId: number,
  filter: CampaignAudienceInput['customers'],
  scope: SQL | null,
): Promise<Candidate[]> {
  const conditions: (SQL | undefined)[] = [
    eq(customers.companyId, companyId),
    eq(customers.status, 'active'),
    isNotNull(customers.phone),
    or(eq(customers.person, false), isNotNull(customers.consentAt)),
    scope ?? undefined,
    ...wordConditions(customers.searchText, filter?.search),
    filter?.customer_type ? eq(customers.customerTypeId, filter.customer_type) : undefined,
    filter?.level ? eq(customers.levelId, filter.level) : undefined,
    filter?.staff ? eq(customers.staffId, filter.staff) : undefined,
    filter?.province ? eq(customers.provinceCode, filter.province) : undefined,
  ];
  const rows = await db
    .select()
    .from(customers)
    .where(and(...conditions))
    .orderBy(customers.code)
    .limit(MAX_CAMPAIGN_RECIPIENTS * 2 + 1);
  return rows.map((row) => ({ phone: row.phone, name: row.name, customerId: row.id, followerId: null, customer: customerSource(row) }));
}

async function followerCandidates(
  db: Db,
  companyId: number,
  oaRowId: number,
  filter: CampaignAudienceInput['followers'],
): Promise<Candidate[]> {
  const rows = await db
    .select({ follower: zaloFollowers, customer: customers })
    .from(zaloFollowers)
    .leftJoin(customers, and(eq(customers.id, zaloFollowers.customerId), eq(customers.companyId, companyId)))
    .where(
      and(
        eq(zaloFollowers.companyId, companyId),
        eq(zaloFollowers.oaRowId, oaRowId),
        eq(zaloFollowers.isFollower, true),
        filter?.linked_only ? isNotNull(zaloFollowers.customerId) : undefined,
        filter?.tag ? arrayContains(zaloFollowers.tags, [filter.tag]) : undefined,
      ),
    )
    .orderBy(zaloFollowers.id)
    .limit(MAX_CAMPAIGN_RECIPIENTS * 2 + 1);
  return rows.map(({ follower, customer }) => ({
    phone: customer?.phone ?? follower.phone,
    name: customer?.name ?? follower.displayName,
    customerId: customer?.id ?? null,
    followerId: follower.id,
    customer: customer
      ? customerSource(customer)
      : { name: follower.displayName, code: '', phone: follower.phone, ownerName: null, address: null },
  }));
}

export async function resolveAudience(
  db: Db,
  input: Pick<CampaignAudienceInput, 'company' | 'oa' | 'source' | 'customers' | 'followers'>,
  template: TemplateRow,
  scope: SQL | null,
): Promise<Audience> {
  const candidates =
    input.source === 'customers'
      ? await customerCandidates(db, input.company, input.customers, scope)
      : await followerCandidates(db, input.company, input.oa, input.followers);
  const company = await companySource(db, input.company);
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  const missing = new Set<string>();
  let skipped = 0;
  for (const candidate of candidates) {
    const phone = candidate.phone ? normalizePhone(candidate.phone) : '';
    if (!isValidPhone(phone) || seen.has(phone)) {
      skipped += 1;
      continue;
    }
    seen.add(phone);
    const filled = fillTemplateData(template.params, template.bindings, { customer: candidate.customer, company });
    if (filled.missing.length) {
      filled.missing.forEach((name) => missing.add(name));
      skipped += 1;
      continue;
    }
    recipients.push({ phone, name: candidate.name, customerId: candidate.customerId, followerId: candidate.followerId, data: filled.data });
  }
  if (recipients.length > MAX_CAMPAIGN_RECIPIENTS) {
    throw badRequest(
      'VALIDATION_FAILED',
      `Một chiến dịch gửi tối đa ${formatNumber(MAX_CAMPAIGN_RECIPIENTS)} người nhận; hãy thu hẹp bộ lọc`,
    );
  }
  return { recipients, skipped, missing: [...missing] };
}
