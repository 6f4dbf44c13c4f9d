/** The stock view as an .xlsx (`inventory/export/`): one row per warehouse, variant and lot, with value. */
import type * as v from 'valibot';
import type { InventoryQuery } from '@contract/warehouse';
import { LOT_STATUS_LABELS } from '@contract/warehouse-status';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { excelDay, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { stockRows } from './stock-view';

const COLUMNS: SheetColumn[] = [
  { header: 'Kho', key: 'warehouse', width: 18 },
  { header: 'Mã hàng', key: 'sku', width: 14 },
  { header: 'Tên hàng', key: 'name', width: 36 },
  { header: 'ĐVT', key: 'unit', width: 8 },
  { header: 'Số lô', key: 'lot', width: 14 },
  { header: 'Hạn dùng', key: 'expires', width: 12, date: 'day' },
  { header: 'Trạng thái lô', key: 'lot_status', width: 14 },
  { header: 'Tồn kho', key: 'on_hand', width: 12, money: true },
  { header: 'Đang giữ cho đơn', key: 'reserved', width: 14, money: true },
  { header: 'Có thể bán', key: 'available', width: 12, money: true },
  { header: 'Giá vốn bình quân', key: 'cost', width: 16, money: true },
  { header: 'Giá trị tồn', key: 'value', width: 16, money: true },
];

const PAGE = 500;

export function inventorySheet(db: Db, query: v.InferOutput<typeof InventoryQuery>, onError: (error: unknown) => void): Response {
  return xlsxResponse(
    `ton-kho-${vietnamDay().replace(/-/g, '')}.xlsx`,
    'Tồn kho',
    COLUMNS,
    async function* () {
      for (let page = 1; ; page += 1) {
        const { rows } = await stockRows(db, {
          companyId: query.company,
          page,
          limit: PAGE,
          search: query.search,
          warehouse: query.warehouse,
          expiring: query.expiring,
          lotStatus: query.lot_status,
          inStock: query.in_stock === 'true',
        });
        for (const row of rows) {
          const base = {
            warehouse: row.warehouse_name,
            sku: row.sku,
            name: [row.product_name, row.variant_name].filter(Boolean).join(' – '),
            unit: row.base_unit,
          };
          yield {
            ...base,
            on_hand: row.on_hand,
            reserved: row.reserved,
            available: row.available,
            cost: row.average_cost,
            value: row.value,
          };
          for (const lot of row.lots.filter((entry) => entry.lot_no))
            yield {
              ...base,
              lot: lot.lot_no,
              expires: excelDay(lot.expires_on),
              lot_status: LOT_STATUS_LABELS[lot.status],
              on_hand: lot.quantity,
            };
        }
        if (rows.length < PAGE) return;
      }
    },
    onError,
  );
}
