/**
 * The print page of a receipt (GET print{kind}receipt/{id}/, docs/vietnam.md "Printing": HTML/CSS,
 * the browser's print dialog): outside the app layout, a toolbar the print stylesheet hides, and the
 * sheet on A4 (portrait; a count's 05-VT landscape, its columns need the width).
 */
import { Alert } from '@mantine/core';
import type { ReceiptKind } from '@contract/warehouse-status';
import { useReceiptPrint } from '@/features/warehouse/api/receipt-api';
import { useAverageCosts } from '@/features/warehouse/api/stock-api';
import { CheckPrintSheet } from './check-print-sheet';
import { ReceiptPrintSheet } from './receipt-print-sheet';
import classes from './receipt-print.module.css';
import { LoadingBlock } from '@/ui/loading-block';
import { PrintScreen } from '@/ui/print-screen';

type Props = { companyId: number; kind: ReceiptKind; id: string; onBack: () => void };

export function ReceiptPrintView({ companyId, kind, id, onBack }: Props) {
  const print = useReceiptPrint(companyId, kind, id);
  const receipt = print.data?.receipt;
  const costs = useAverageCosts(companyId, receipt?.warehouse_id ?? 0, kind === 'check' && receipt !== undefined);
  const landscape = kind === 'check';

  const ready = print.data && (kind !== 'check' || !costs.isPending);
  return (
    <PrintScreen
      page={`@page { size: A4 ${landscape ? 'landscape' : 'portrait'}; margin: 12mm 10mm; }`}
      title={receipt && print.data ? `${receipt.code} – ${print.data.form}` : null}
      onBack={onBack}
      ready={!!ready}
    >
      {print.isPending ? (
        <LoadingBlock />
      ) : !print.data ? (
        <Alert color="red" maw={480} mx="auto">
          {print.error?.message ?? 'Không tìm thấy phiếu'}
        </Alert>
      ) : (
        <article className={classes.sheet} style={{ width: landscape ? '273mm' : '186mm' }} data-testid="print-sheet" data-kind={kind}>
          {kind === 'check' ? (
            <CheckPrintSheet print={print.data} averageCost={(variantId) => costs.data?.get(variantId) ?? null} />
          ) : (
            <ReceiptPrintSheet print={print.data} />
          )}
        </article>
      )}
    </PrintScreen>
  );
}
