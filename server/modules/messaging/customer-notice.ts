/**
 * One ZNS to one customer on another module's behalf (a recall notice: server/modules/pharma
 * recalls-notices.ts), with the template the caller names. Unlike order events, the caller must show
 * what happened to each customer, so every reason a message cannot go comes back in Vietnamese
 * instead of a bare false. The message id is derived from the caller's key: a repeat queues nothing.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ZALO_SWITCH } from '@contract/messaging';
import { fillTemplateData, missingParamsMessage } from '@contract/messaging-rules';
import { isValidPhone, normalizePhone } from '@contract/phone';
import type { Db } from '@server/kernel/db/client';
import { zaloOas, zaloTemplates } from '@server/kernel/db/schema';
import { isSwitchOn } from '@server/kernel/switches';
import { loadBindingSource } from './binding-source';
import { queueMessage } from './messages-send';

export type CustomerNoticeResult = { queued: true; detail: string } | { queued: false; detail: string };

export const NO_ZALO_OA = 'chưa gửi: công ty chưa kết nối Zalo OA';

/** A UUID named by its text (same text, same id). */
function namedId(text: string): string {
  const hex = crypto.createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Queues the template's ZNS to the customer's phone, or says why it did not (`chưa gửi: …`). */
export async function queueCustomerZns(
  tx: Db,
  input: { companyId: number; customerId: string; templateRowId: number | null; key: string; origin: string; sentBy: number },
): Promise<CustomerNoticeResult> {
  const oas = (await isSwitchOn(tx, input.companyId, ZALO_SWITCH))
    ? await tx.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.companyId, input.companyId))
    : [];
  if (oas.length === 0) return { queued: false, detail: NO_ZALO_OA };
  if (input.templateRowId === null) return { queued: false, detail: 'chưa gửi: chưa chọn mẫu ZNS cho thông báo này' };
  const [template] = await tx
    .select()
    .from(zaloTemplates)
    .where(and(eq(zaloTemplates.companyId, input.companyId), eq(zaloTemplates.id, input.templateRowId)));
  if (!template || template.status !== 'enabled') return { queued: false, detail: 'chưa gửi: mẫu ZNS không còn được duyệt' };
  const source = await loadBindingSource(tx, input.companyId, { customer: input.customerId });
  const phone = normalizePhone(source.customer?.phone ?? '');
  if (!isValidPhone(phone)) return { queued: false, detail: 'chưa gửi: khách hàng chưa có số điện thoại di động hợp lệ' };
  const { data, missing } = fillTemplateData(template.params, template.bindings, source);
  if (missing.length) return { queued: false, detail: `chưa gửi: ${missingParamsMessage(missing)}` };
  await queueMessage(tx, {
    kind: 'zns',
    id: namedId(input.key),
    companyId: input.companyId,
    oaRowId: template.oaRowId,
    origin: input.origin,
    templateRowId: template.id,
    phone,
    data,
    customerId: input.customerId,
    text: template.name,
    sentBy: input.sentBy,
  });
  return { queued: true, detail: `đã xếp hàng gửi ZNS "${template.name}" tới ${phone}` };
}
