/**
 * An order in the stock ledger, as the order's page shows it (docs/warehouse.md "Orders"): the
 * export receipt its shipment issued and the returns that came back (receipts naming the order,
 * found by its code in the receipt lists), what they moved per variant, and the return call
 * (import-receipt-return-order/). Online only, like the rest of the warehouse office.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { warehousePaths } from '@contract/warehouse';
import { receiptPaths, type ReceiptDetail, type ReceiptRecord } from '@contract/warehouse-receipts';
import type { ReceiptKind } from '@contract/warehouse-status';
import { apiRequest } from '@/api/client';
import { warehouseKeys } from './warehouse-keys';

export type OrderReceipts = {
  /** Export receipts of the order's shipment (one, unless it was cancelled and shipped again). */
  shipments: ReceiptRecord[];
  /** Import receipts of goods that came back (is_return). */
  returns: ReceiptRecord[];
};

async function receiptsNaming(companyId: number, kind: ReceiptKind, order: { id: string; code: string }): Promise<ReceiptRecord[]> {
  // The receipts' search text holds the order's code ("Đơn hàng DH000123", "Hàng trả về của đơn DH000123").
  const answer = await apiRequest<ReceiptRecord[]>(receiptPaths(kind).list, {
    query: { company: companyId, search: order.code, page: 1, limit: 100 },
    redirectOnForbidden: false,
  });
  return answer.data.filter((receipt) => receipt.order_id === order.id);
}

/** The receipts of an order with a code (null: not asked, e.g. without the warehouse permission). */
export function useOrderReceipts(companyId: number, order: { id: string; code: string | null }, enabled: boolean) {
  const code = order.code;
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'order-receipts', order.id),
    enabled: enabled && companyId > 0 && code !== null,
    retry: false,
    queryFn: async (): Promise<OrderReceipts> => {
      const named = { id: order.id, code: code! };
      const [exports, imports] = await Promise.all([
        receiptsNaming(companyId, 'export', named),
        receiptsNaming(companyId, 'import', named),
      ]);
      return { shipments: exports, returns: imports.filter((receipt) => receipt.is_return) };
    },
  });
}

/** The lines of some receipts (the shipment and the returns), for what each order line can still return. */
export function useReceiptDetails(companyId: number, receipts: readonly ReceiptRecord[], enabled: boolean) {
  const ids = receipts.map((receipt) => receipt.id);
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'receipt-details', ids),
    enabled: enabled && companyId > 0,
    retry: false,
    queryFn: () =>
      Promise.all(
        receipts.map(
          async (receipt) =>
            (
              await apiRequest<ReceiptDetail>(receiptPaths(receipt.kind).one(receipt.id), {
                query: { company: companyId },
                redirectOnForbidden: false,
              })
            ).data,
        ),
      ),
  });
}

export type OrderReturnInput = {
  order: string;
  document_date: string;
  note: string | null;
  lines: { line_id: string; quantity: number }[];
};

/** Posts a return (an import receipt marked as a return, completed, its lots in quarantine) and refreshes what it changes. */
export function useOrderReturn(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(
    () => async (input: OrderReturnInput) => {
      const answer = await apiRequest<{ id: string }>(warehousePaths.returnOrder, {
        method: 'POST',
        body: { ...input, company: companyId },
        redirectOnForbidden: false,
      });
      await queryClient.invalidateQueries({ queryKey: warehouseKeys.all(companyId) });
      // A completed order's return lowers the customer's debt and is what an invoice's decrease is filled with.
      for (const domain of ['receivables', 'invoices']) void queryClient.invalidateQueries({ queryKey: [domain, companyId] });
      return answer;
    },
    [companyId, queryClient],
  );
}
