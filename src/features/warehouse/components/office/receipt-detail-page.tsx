/**
 * A receipt's page (/inventory/receipt/{kind}/{id}): its code and status, "Sửa" while it is a
 * draft, "In phiếu", the header facts, the lines (or, for a count, books against the count), the
 * status buttons the role may use, the temperature of cold goods received (import), and the history
 * of its moves.
 */
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconEdit, IconPrinter } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EDITABLE_STATUSES, RECEIPT_KIND_LABELS, type ReceiptKind } from '@contract/warehouse-status';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { useReceipt } from '@/features/warehouse/api/receipt-api';
import { ReceiptStatusBadge } from './badges';
import { CheckDetail } from './check-detail';
import { ReceiptFacts, ReceiptHistory } from './receipt-detail-parts';
import { ReceiptLinesView } from './receipt-lines-view';
import { ReceiptStatusActions } from './receipt-status-actions';
import { ReceiptTemperature } from './receipt-temperature';
import { LoadingBlock } from '@/ui/loading-block';

type Props = { companyId: number; kind: ReceiptKind; id: string; isMobile: boolean };

export function ReceiptDetailPage({ companyId, kind, id, isMobile }: Props) {
  const detail = useReceipt(companyId, kind, id);
  const canEdit = useCan('warehouse', 'edit');
  const receipt = detail.data;
  if (detail.isPending) return <LoadingBlock />;
  if (!receipt)
    return detail.error?.message ? (
      <Alert color="red">{detail.error.message}</Alert>
    ) : (
      <EmptyState title="Không tìm thấy phiếu" description="Phiếu không tồn tại hoặc thuộc công ty khác." />
    );
  const editable = kind !== 'check' && canEdit && EDITABLE_STATUSES.includes(receipt.status);
  return (
    <Stack gap="md" data-testid="receipt-detail" data-code={receipt.code} data-status={receipt.status}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Title order={3} data-testid="receipt-title">
            {RECEIPT_KIND_LABELS[kind]} {receipt.code}
          </Title>
          <ReceiptStatusBadge status={receipt.status} />
        </Group>
        <Group gap="xs">
          {editable && (
            <Button
              component={Link}
              to={`/inventory/receipt/${kind}/create`}
              search={{ id: receipt.id } as never}
              variant="default"
              leftSection={<IconEdit size={18} />}
              data-testid="receipt-edit"
            >
              Sửa
            </Button>
          )}
          <Button
            component={Link}
            to={`/receipt/print/${kind}/${receipt.id}`}
            variant="default"
            leftSection={<IconPrinter size={18} />}
            data-testid="receipt-print"
          >
            In phiếu
          </Button>
        </Group>
      </Group>
      <ReceiptFacts receipt={receipt} />
      {kind === 'check' ? (
        <CheckDetail companyId={companyId} receipt={receipt} isMobile={isMobile} />
      ) : (
        <ReceiptLinesView kind={kind} lines={receipt.lines} isMobile={isMobile} />
      )}
      <ReceiptTemperature companyId={companyId} kind={kind} receiptId={receipt.id} />
      <ReceiptStatusActions companyId={companyId} receipt={receipt} isMobile={isMobile} />
      <ReceiptHistory history={receipt.history} />
    </Stack>
  );
}
