/** An import receipt's temperature card: readings as cold goods arrive, added by whoever may edit receipts. */
import type { ReceiptKind } from '@contract/warehouse-status';
import { useCan } from '@/session/access';
import { TemperatureReadings } from '@/ui/temperature-readings';
import { useAddReceiptReading, useReceiptTemperature } from '@/features/warehouse/api/receipt-temperature-api';

export function ReceiptTemperature({ companyId, kind, receiptId }: { companyId: number; kind: ReceiptKind; receiptId: string }) {
  // Only goods arriving from outside are read at receipt (docs/pharma.md "Cold items").
  const answer = useReceiptTemperature(companyId, receiptId, kind === 'import');
  const add = useAddReceiptReading(companyId, receiptId);
  const canEdit = useCan('warehouse', 'edit');
  if (kind !== 'import') return null;
  return <TemperatureReadings answer={answer.data} canAdd={canEdit} onAdd={add} moment="khi nhận hàng" />;
}
