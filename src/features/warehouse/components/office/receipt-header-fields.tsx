/**
 * The header of a receipt being written: the warehouse (several warehouses only), for a transfer
 * the receiving warehouse and the reason, who delivers / receives / carries and where from, the
 * source document ("Theo chứng từ số…"), the document date and a note.
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { vietnamDay } from '@contract/price-policy';
import type { ReceiptKind } from '@contract/warehouse-status';
import { useTransferReasons, useWarehouses, warehouseOptions } from '@/features/warehouse/api/warehouse-api';
import type { FieldErrors, ReceiptDraft } from '@/features/warehouse/model/receipt-form';
import { DayField } from '@/ui/day-field';
import { NoteField } from '@/ui/note-field';

type Props = {
  companyId: number;
  kind: ReceiptKind;
  multi: boolean;
  draft: ReceiptDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<ReceiptDraft>) => void;
};

const PARTNER: Record<ReceiptKind, { name: string; address: string }> = {
  import: { name: 'Người giao hàng', address: 'Đơn vị / địa chỉ người giao' },
  export: { name: 'Người nhận hàng', address: 'Địa chỉ (bộ phận)' },
  transfer: { name: 'Người vận chuyển', address: 'Phương tiện vận chuyển' },
  check: { name: 'Người kiểm', address: 'Địa điểm' },
};

export function ReceiptHeaderFields({ companyId, kind, multi, draft, errors, onChange }: Props) {
  const warehouses = useWarehouses(companyId);
  const reasons = useTransferReasons(companyId, kind === 'transfer');
  const transfer = kind === 'transfer';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="receipt-header">
      {multi && (
        <Select
          label={transfer ? 'Xuất tại kho' : kind === 'import' ? 'Nhập tại kho' : 'Xuất tại kho'}
          data={warehouseOptions(warehouses.data)}
          // None chosen: the default warehouse, where the server puts it.
          value={String(draft.warehouse ?? warehouses.data?.find((row) => row.is_default)?.id ?? '') || null}
          onChange={(next) => onChange({ warehouse: next ? Number(next) : null })}
          allowDeselect={false}
          withAsterisk
          error={errors.warehouse}
          data-testid="receipt-warehouse"
        />
      )}
      {transfer && (
        <>
          <Select
            label="Nhập tại kho"
            data={warehouseOptions(warehouses.data, draft.warehouse)}
            value={draft.toWarehouse === null ? null : String(draft.toWarehouse)}
            onChange={(next) => onChange({ toWarehouse: next ? Number(next) : null })}
            withAsterisk
            error={errors.to_warehouse}
            data-testid="receipt-to-warehouse"
          />
          <Select
            label="Lý do chuyển kho"
            data={(reasons.data ?? [])
              .filter((reason) => reason.is_active || reason.id === draft.reason)
              .map((reason) => ({ value: String(reason.id), label: reason.title }))}
            value={draft.reason === null ? null : String(draft.reason)}
            onChange={(next) => onChange({ reason: next ? Number(next) : null })}
            clearable
            error={errors.reason}
            data-testid="receipt-reason"
          />
        </>
      )}
      <TextInput
        label={PARTNER[kind].name}
        value={draft.partnerName}
        onChange={(event) => onChange({ partnerName: event.currentTarget.value })}
        maxLength={120}
        error={errors.partner_name}
        data-testid="receipt-partner-name"
      />
      <TextInput
        label={PARTNER[kind].address}
        value={draft.partnerAddress}
        onChange={(event) => onChange({ partnerAddress: event.currentTarget.value })}
        maxLength={255}
        error={errors.partner_address}
        data-testid="receipt-partner-address"
      />
      <TextInput
        label={transfer ? 'Theo lệnh điều động số' : 'Theo chứng từ số'}
        placeholder={kind === 'import' ? 'Hóa đơn GTGT số 0001234 ngày 20/11/2026' : 'Đơn hàng, lệnh xuất…'}
        value={draft.sourceDocument}
        onChange={(event) => onChange({ sourceDocument: event.currentTarget.value })}
        maxLength={200}
        error={errors.source_document}
        data-testid="receipt-source-document"
      />
      <DayField
        size="md"
        label="Ngày chứng từ"
        value={draft.documentDate}
        onChange={(documentDate) => onChange({ documentDate: documentDate ?? '' })}
        maxDate={vietnamDay()}
        required
        error={errors.document_date}
        data-testid="receipt-document-date"
      />
      <NoteField
        label="Ghi chú"
        value={draft.note}
        onChange={(text) => onChange({ note: text })}
        minRows={1}
        maxLength={1000}
        size="md"
        error={errors.note}
        data-testid="receipt-note"
      />
    </SimpleGrid>
  );
}
