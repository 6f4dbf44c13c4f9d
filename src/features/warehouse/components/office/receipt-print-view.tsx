/**
 * The print page of a receipt (GET print{kind}receipt/{id}/, docs/vietnam.md "Printing": HTML/CSS,
 * the browser's print dialog): outside the app layout, a toolbar the print stylesheet hides, and the
 * sheet on A4 (portrait; a count's 05-VT landscape, its columns need the width).
 */
import { Alert, Button, Group } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ReceiptKind } from '@contract/warehouse-status';
import { useReceiptPrint } from '@/features/warehouse/api/receipt-api';
import { useAverageCosts } from '@/features/warehouse/api/stock-api';
import { CheckPrintSheet } from './check-print-sheet';
import { ReceiptPrintSheet } from './receipt-print-sheet';
import classes from './receipt-print.module.css';
import { LoadingBlock } from '@/ui/loading-block';

type Props = { companyId: number; kind: ReceiptKind; id: string; onBack: () => void };

export function ReceiptPrintView({ companyId, kind, id, onBack }: Props) {
  const print = useReceiptPrint(companyId, kind, id);
  const receipt = print.data?.receipt;
  const costs = useAverageCosts(companyId, receipt?.warehouse_id ?? 0, kind === 'check' && receipt !== undefined);
  const landscape = kind === 'check';

  useEffect(() => {
    if (!receipt) return;
    const previous = document.title;
    // The browser offers the title as the PDF's file name.
    document.title = `${receipt.code} – ${print.data!.form}`;
    return () => {
      document.title = previous;
    };
  }, [receipt, print.data]);

  const ready = print.data && (kind !== 'check' || !costs.isPending);
  return (
    <div className={classes.screen}>
      <style>{`@page { size: A4 ${landscape ? 'landscape' : 'portrait'}; margin: 12mm 10mm; }`}</style>
      <div className={classes.toolbar}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Button variant="subtle" leftSection={<IconArrowLeft size={18} />} onClick={onBack} px="xs" data-testid="print-back">
            Quay lại
          </Button>
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!ready} data-testid="print-button">
            In
          </Button>
        </Group>
      </div>
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
    </div>
  );
}
