/**
 * /inventory/receipt/{kind}/create (a new receipt) and ?id=… (a draft being edited): the edited
 * draft is loaded from the server and its lines matched to the device's catalogue (their units);
 * only a draft may be edited. A new receipt starts in the person's active warehouse, dated today.
 */
import { Alert } from '@mantine/core';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { EDITABLE_STATUSES, type ReceiptKind } from '@contract/warehouse-status';
import { appDb } from '@/db/app-db';
import { AnchorLink } from '@/ui/anchor-link';
import { EmptyState } from '@/ui/empty-state';
import { useDeviceVariants } from '@/features/warehouse/api/device-catalogue';
import { useReceipt } from '@/features/warehouse/api/receipt-api';
import { draftFromRecord, emptyDraft, type ReceiptDraft } from '@/features/warehouse/model/receipt-form';
import type { WarehouseScope } from '@/features/warehouse/model/scope';
import { ReceiptForm } from './receipt-form';
import { LoadingBlock } from '@/ui/loading-block';

type Props = { scope: WarehouseScope; kind: Exclude<ReceiptKind, 'check'>; id: string | null; onDone: () => void };

export function ReceiptFormPage({ scope, kind, id, onDone }: Props) {
  if (kind === 'transfer' && !scope.multi)
    return <EmptyState title="Chưa bật Quản lý kho" description="Chuyển kho cần bật chức năng Quản lý kho (nhiều kho) cho công ty." />;
  return id ? (
    <EditReceipt key={id} scope={scope} kind={kind} id={id} onDone={onDone} />
  ) : (
    <NewReceipt scope={scope} kind={kind} onDone={onDone} />
  );
}

function NewReceipt({ scope, kind, onDone }: Omit<Props, 'id'>) {
  const [initial] = useState(() => emptyDraft(vietnamDay(), scope.active));
  return <ReceiptForm scope={scope} kind={kind} id={null} initial={initial} onCancel={onDone} />;
}

function EditReceipt({ scope, kind, id, onDone }: Props & { id: string }) {
  const detail = useReceipt(scope.companyId, kind, id);
  const variants = useDeviceVariants(appDb(), scope.companyId, detail.data?.lines.map((line) => line.variant_id) ?? []);
  // Taken once: a refetch must not reset what is being typed.
  const [initial, setInitial] = useState<ReceiptDraft | null>(null);
  if (detail.data && variants && !initial && EDITABLE_STATUSES.includes(detail.data.status))
    setInitial(draftFromRecord(detail.data, variants));
  if (detail.isPending || (detail.data && !variants)) return <LoadingBlock />;
  if (!detail.data) return <Alert color="red">{detail.error?.message ?? 'Không tìm thấy phiếu'}</Alert>;
  if (!initial)
    return (
      <Alert color="yellow" data-testid="receipt-not-editable">
        Chỉ sửa được phiếu nháp.{' '}
        <AnchorLink to="/inventory/receipt/$kind/$id" params={{ kind, id }}>
          Xem phiếu {detail.data.code}
        </AnchorLink>
      </Alert>
    );
  return <ReceiptForm scope={scope} kind={kind} id={id} code={detail.data.code} initial={initial} onCancel={onDone} />;
}
