/**
 * A receipt's status buttons (model/receipt-actions.ts: the moves the table allows, each if the
 * role may): a move that changes stock asks first; cancelling a receipt that moved stock asks for
 * the reason (its stock is reversed); receiving a transfer asks what arrived per line. Completing
 * an import names its expired or short-dated lines in that question (model/receipt-expiry.ts).
 */
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { useReceiptWrites } from '@/features/warehouse/api/receipt-api';
import { errorMessage, useWarehouseSettings } from '@/features/warehouse/api/warehouse-api';
import { DEFAULT_EXPIRY_RULE, expiryQuestions } from '@/features/warehouse/model/receipt-expiry';
import { lineName } from '@/features/warehouse/model/receipt-print';
import { confirmText, receiptActions, type ReceiptAction } from '@/features/warehouse/model/receipt-actions';
import { NoteField } from '@/ui/note-field';
import { askExpiry } from './receipt-expiry-question';
import { ReceiveTransferDialog } from './receive-transfer-dialog';
import { toastedWrite } from '@/ui/toasted-write';

type Props = { companyId: number; receipt: ReceiptDetail; isMobile: boolean };

const COLOR = { primary: undefined, default: 'gray', danger: 'red' } as const;
const VARIANT = { primary: 'filled', default: 'default', danger: 'light' } as const;

export function ReceiptStatusActions({ companyId, receipt, isMobile }: Props) {
  const writes = useReceiptWrites(companyId);
  const rights = { edit: useCan('warehouse', 'edit'), approve: useCan('warehouse', 'approve') };
  const actions = receiptActions(receipt.kind, receipt.status, rights);
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<ReceiptAction | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [reason, setReason] = useState('');
  const importing = receipt.kind === 'import' && !receipt.is_return && actions.some((action) => action.to === 'completed');
  const settings = useWarehouseSettings(importing ? companyId : 0);

  const move = async (action: ReceiptAction, why: string | null, received?: { line_id: string; quantity: number }[]) => {
    setBusy(action.to);
    try {
      return await toastedWrite(
        async () => (await writes.move(receipt.kind, receipt.id, action.to, why, received)).message ?? 'Đã chuyển trạng thái',
        (error) => errorMessage(error, 'Không chuyển được trạng thái phiếu'),
      );
    } finally {
      setBusy(null);
    }
  };

  const start = (action: ReceiptAction) => {
    if (action.receive) return setReceiving(true);
    if (action.needsReason) {
      setReason('');
      return setCancelling(action);
    }
    const question = confirmText(receipt.kind, receipt.code, action);
    if (!question) return void move(action, null);
    const expiring =
      importing && action.to === 'completed'
        ? expiryQuestions(
            receipt.lines.map((line) => ({ name: lineName(line), lotNo: line.lot_no ?? '', expiresOn: line.expires_on })),
            vietnamDay(),
            settings.data?.short_dated_days === undefined ? DEFAULT_EXPIRY_RULE : settings.data,
          )
        : [];
    if (expiring.length > 0) return void askExpiry(question, expiring, () => move(action, null));
    void openConfirm({ title: action.label, message: question, onOk: () => move(action, null) });
  };

  if (actions.length === 0) return null;
  return (
    <>
      <SimpleGrid
        cols={isMobile ? 1 : actions.length}
        spacing="xs"
        w={isMobile ? '100%' : 'fit-content'}
        ml="auto"
        data-testid="receipt-actions"
      >
        {actions.map((action) => (
          <Button
            key={action.to}
            color={COLOR[action.tone]}
            variant={VARIANT[action.tone]}
            loading={busy === action.to}
            disabled={busy !== null}
            onClick={() => start(action)}
            data-testid={`receipt-move-${action.to}`}
          >
            {action.label}
          </Button>
        ))}
      </SimpleGrid>
      <ResponsiveModal
        phoneFullScreen={false}
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={`Hủy phiếu ${receipt.code}`}
        centered
      >
        <Stack gap="sm">
          <NoteField
            label="Lý do hủy"
            description="Phiếu đã ghi tồn kho: hủy sẽ ghi bút toán đảo ngược, phiếu vẫn được lưu."
            value={reason}
            onChange={setReason}
            maxLength={500}
            withAsterisk
            data-testid="receipt-cancel-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Đóng lại
            </Button>
            <Button
              color="red"
              disabled={!reason.trim()}
              loading={busy === 'cancelled'}
              onClick={() => void move(cancelling!, reason.trim()).then((done) => done && setCancelling(null))}
              data-testid="receipt-cancel-confirm"
            >
              Hủy phiếu
            </Button>
          </Group>
        </Stack>
      </ResponsiveModal>
      <ReceiveTransferDialog
        receipt={receipt}
        opened={receiving}
        busy={busy === 'completed'}
        onClose={() => setReceiving(false)}
        onReceive={(received) => {
          const action = actions.find((candidate) => candidate.receive)!;
          void move(action, null, received).then((done) => done && setReceiving(false));
        }}
      />
    </>
  );
}
