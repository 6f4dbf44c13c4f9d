/**
 * Receiving expired or short-dated goods (docs/warehouse.md "Lots"; contract/warehouse-expiry.ts):
 * completing an import puts each lot that arrives expired in quarantine, and each that arrives
 * short-dated as the company's rule says, with the reason on the lot. Decided here when posting,
 * whatever the form said. Returns are left alone: they already wait in quarantine. A lot already
 * quarantined or recalled keeps its status and reason.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { receivedExpiry, receivedLotStatus, receivedQuarantineReason } from '@contract/warehouse-expiry';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { LOT_STATUS_LABELS } from '@contract/warehouse-status';
import type { Db } from '@server/kernel/db/client';
import { stockLots } from '@server/kernel/db/schema';
import { lotsById, today } from './lots';
import { expiredRegistrationNote } from './receipt-registration';
import { settingsOf } from './settings';

export async function quarantineOnReceipt(
  tx: Db,
  receipt: { companyId: number; code: string; isReturn: boolean },
  lines: readonly { lotId: number | null }[],
): Promise<void> {
  if (receipt.isReturn) return;
  const lots = await lotsById(
    tx,
    receipt.companyId,
    lines.flatMap((line) => (line.lotId ? [line.lotId] : [])),
  );
  if (lots.size === 0) return;
  const { short_dated_days: threshold, short_dated_rule: rule } = await settingsOf(tx, receipt.companyId);
  const day = today();
  const byReason = new Map<string, number[]>();
  for (const lot of lots.values()) {
    if (!lot.lotNo || lot.status !== 'usable') continue;
    const expiry = receivedExpiry(lot.expiresOn, day, threshold);
    if (!expiry || receivedLotStatus(expiry, rule) === 'usable') continue;
    const reason = receivedQuarantineReason(expiry, receipt.code, threshold);
    byReason.set(reason, [...(byReason.get(reason) ?? []), lot.id]);
  }
  for (const [reason, ids] of byReason)
    await tx
      .update(stockLots)
      .set({ status: 'quarantine', statusReason: reason, updatedAt: new Date() })
      .where(and(eq(stockLots.companyId, receipt.companyId), inArray(stockLots.id, ids)));
}

/**
 * What the answer to an import adds to its message: medicines whose registration has expired (any
 * import, draft or completed: receipt-registration.ts), and once completed the lots that may not be
 * sold, with why, and the short-dated ones sold under the company's rule. Empty when all is fine.
 */
export async function receivedLotsNote(db: Db, detail: ReceiptDetail): Promise<string> {
  return `${await lotsNote(db, detail)}${await expiredRegistrationNote(db, detail)}`;
}

async function lotsNote(db: Db, detail: ReceiptDetail): Promise<string> {
  if (detail.kind !== 'import' || detail.status !== 'completed' || detail.is_return) return '';
  const { short_dated_days: thresholdDays } = await settingsOf(db, detail.company);
  const name = (line: ReceiptDetail['lines'][number]) => `${line.product_name} lô ${line.lot_no}`;
  const blocked = detail.lines.filter((line) => line.lot_no && line.lot_status && line.lot_status !== 'usable');
  const day = today();
  const short = detail.lines.filter(
    (line) => line.lot_no && line.lot_status === 'usable' && receivedExpiry(line.expires_on, day, thresholdDays)?.state === 'short',
  );
  const parts: string[] = [];
  if (blocked.length > 0)
    parts.push(
      `${blocked.length} lô không được bán: ${blocked
        .map(
          (line) => `${name(line)} (${LOT_STATUS_LABELS[line.lot_status!]}${line.lot_status_reason ? `: ${line.lot_status_reason}` : ''})`,
        )
        .join('; ')}`,
    );
  if (short.length > 0) parts.push(`${short.length} lô cận hạn vẫn được bán theo thiết lập kho: ${short.map(name).join('; ')}`);
  return parts.length > 0 ? `. ${parts.join('. ')}` : '';
}
