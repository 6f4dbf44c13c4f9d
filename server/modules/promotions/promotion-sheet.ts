/**
 * Programmes in Excel: the list exported with what each has given, and the goods of a programme
 * imported from a sheet of SKUs (the form puts the variants found in its scope; every row not found
 * is reported with its row number, nothing is saved until the form is).
 */
import { and, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { formatMoney, formatNumber } from '@contract/money';
import {
  PROMOTION_KIND_LABELS,
  REWARD_TYPE_LABELS,
  type PromotionLinesAnswer,
  type PromotionListQuery,
  type PromotionRecord,
  type PromotionSheetRow,
} from '@contract/promotions';
import { PROMOTION_STATUS_LABELS } from '@contract/promotions-status';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { products, variants } from '@server/kernel/db/schema';
import { excelDay, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { listPromotions } from './promotion-list';

const COLUMNS: SheetColumn[] = [
  { header: 'Mã chương trình', key: 'code', width: 14 },
  { header: 'Tên chương trình', key: 'name', width: 36 },
  { header: 'Loại', key: 'kind', width: 22 },
  { header: 'Trạng thái', key: 'status', width: 14 },
  { header: 'Từ ngày', key: 'from', width: 12, date: 'day' },
  { header: 'Đến ngày', key: 'to', width: 12, date: 'day' },
  { header: 'Ưu đãi', key: 'tiers', width: 40 },
  { header: 'Ngân sách', key: 'cap', width: 16, money: true },
  { header: 'Đã dùng', key: 'used', width: 16, money: true },
  { header: 'Số đơn', key: 'orders', width: 10, money: true },
  { header: 'Đã giảm', key: 'discount', width: 16, money: true },
  { header: 'Số thông báo Sở Công Thương', key: 'notice', width: 24 },
];

/** "từ 10: Giảm theo % 5; từ 50: Giảm theo % 8" */
function tiersText(record: Pick<PromotionRecord, 'kind' | 'tiers'>): string {
  return record.tiers
    .map((tier) => {
      const from = record.kind === 'order_total' ? formatMoney(tier.threshold) : formatNumber(tier.threshold);
      const what =
        tier.reward === 'gift'
          ? `tặng ${tier.gift_quantity}`
          : tier.reward === 'percent'
            ? `${REWARD_TYPE_LABELS.percent} ${tier.value}%`
            : `${REWARD_TYPE_LABELS[tier.reward]} ${formatMoney(tier.value)}`;
      return `từ ${from}: ${what}`;
    })
    .join('; ');
}

export function promotionSheet(db: Db, query: v.InferOutput<typeof PromotionListQuery>, onError: (error: unknown) => void): Response {
  return xlsxResponse(
    `chuong-trinh-khuyen-mai-${vietnamDay().replace(/-/g, '')}.xlsx`,
    'Khuyến mại',
    COLUMNS,
    async function* () {
      for (let page = 1; ; page += 1) {
        const { rows } = await listPromotions(db, { ...query, page, limit: 200 });
        for (const record of rows)
          yield {
            code: record.code,
            name: record.name,
            kind: PROMOTION_KIND_LABELS[record.kind],
            status: PROMOTION_STATUS_LABELS[record.status],
            from: excelDay(record.starts_on),
            to: excelDay(record.ends_on),
            tiers: tiersText(record),
            cap: record.cap_total,
            used: record.used_total,
            orders: record.order_count,
            discount: record.discount_given,
            notice: record.notice_ref ?? '',
          };
        if (rows.length < 200) return;
      }
    },
    onError,
  );
}

export function promotionTemplate(): Response {
  return xlsxResponse(
    'mau-san-pham-khuyen-mai.xlsx',
    'Sản phẩm',
    [
      { header: 'Mã SKU', key: 'Mã SKU', width: 20 },
      { header: 'Tên sản phẩm', key: 'Tên sản phẩm', width: 40 },
    ],
    async function* () {
      yield { 'Mã SKU': 'HAPACOL500-VI', 'Tên sản phẩm': 'Hapacol 500 (cột này chỉ để tham khảo)' };
    },
    () => undefined,
  );
}

const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

export async function readPromotionLines(
  db: Db,
  companyId: number,
  rows: readonly Record<string, unknown>[],
): Promise<PromotionLinesAnswer> {
  const codes = [...new Set(rows.map((row) => cellText(row['Mã SKU']).toUpperCase()).filter(Boolean))];
  const found = codes.length
    ? await db
        .select({
          id: variants.id,
          code: variants.code,
          name: sql<string>`${products.name} || case when ${variants.name} <> '' then ' – ' || ${variants.name} else '' end`,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(variants.companyId, companyId), sql`upper(${variants.code}) = any(${sql.param(codes)}::text[])`))
    : [];
  const byCode = new Map(found.map((row) => [row.code.toUpperCase(), row]));
  const read: PromotionSheetRow[] = rows.map((row, index) => {
    const sku = cellText(row['Mã SKU']);
    const at = typeof row._row === 'number' ? row._row : index + 2;
    const variant = byCode.get(sku.toUpperCase());
    return {
      row: at,
      sku,
      variant_id: variant?.id ?? null,
      name: variant?.name ?? null,
      problem: !sku ? 'Thiếu mã SKU' : variant ? null : `Không có sản phẩm mã ${sku}`,
    };
  });
  return { rows: read, variant_ids: [...new Set(read.flatMap((row) => (row.variant_id === null ? [] : [row.variant_id])))] };
}
