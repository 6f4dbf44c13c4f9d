/**
 * Booking a delivery for a confirmed order (docs/delivery.md "Booking"): the receiver as the order
 * has it, the parcel proposed from the variants (weight and size, editable), the COD and declared
 * value, what the receiver may do (cho xem hàng / không cho xem / cho thử); then every connected
 * carrier's quotes side by side (fee, expected date; a carrier that failed says why), one chosen,
 * its pick shift (or, for self delivery, the employee who carries it), and "Đặt giao hàng". An order
 * with cold goods says first that only self delivery can take it (the carriers' rows then say why not).
 */
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconCalculator, IconSnowflake, IconTruckDelivery } from '@tabler/icons-react';
import { RECEIVER_METHOD_LABELS, RECEIVER_METHODS, type ReceiverMethod } from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { DialogActions } from '@/ui/dialog-actions';
import { LoadingBlock } from '@/ui/loading-block';
import { NoteField } from '@/ui/note-field';
import { ProblemAlert } from '@/ui/problem';
import { deliveryError, useDeliveryDraft, type DeliveryDraft } from '@/features/delivery/api/delivery-api';
import { BookCarrierChoice, BookParcelFields } from './book-delivery-fields';
import { QuoteTable } from './quote-table';
import { useBookDelivery } from './use-book-delivery';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  companyId: number;
  orderId: string;
  onClose: () => void;
};

export function BookDeliveryDialog({ companyId, orderId, onClose }: Props) {
  const draft = useDeliveryDraft(companyId, orderId);
  return (
    <ResponsiveModal opened onClose={onClose} title="Tạo đơn vận chuyển" size="xl">
      {draft.isPending ? (
        <LoadingBlock />
      ) : draft.error ? (
        <ProblemAlert problem={deliveryError(draft.error, 'Không tải được đơn hàng')} />
      ) : (
        <BookForm companyId={companyId} draft={draft.data} onClose={onClose} />
      )}
    </ResponsiveModal>
  );
}

function BookForm({ companyId, draft, onClose }: { companyId: number; draft: DeliveryDraft; onClose: () => void }) {
  const form = useBookDelivery(companyId, draft, onClose);
  const { method, setMethod, quotes, chosen, setChosen, note, setNote, busy, problem, quote, askQuotes, book } = form;

  if (draft.accounts.length === 0) {
    return (
      <Alert color="yellow" title="Chưa kết nối hãng vận chuyển" data-testid="book-no-carrier">
        Vào Cấu hình → Kết nối giao vận để kết nối GHN, GHTK, Viettel Post hoặc bật giao bằng nhân viên công ty.
      </Alert>
    );
  }

  return (
    <Stack gap="md" data-testid="book-delivery">
      <Stack gap={2}>
        <Text fw={600}>
          Đơn {draft.order.code} · {formatMoney(draft.order.total)}
        </Text>
        <Text size="sm">
          {draft.receiver.name} · {draft.receiver.phone || 'chưa có số điện thoại'}
        </Text>
        <Text size="sm" c="dimmed">
          {draft.receiver.address}
        </Text>
      </Stack>
      {draft.cold_notice && (
        <Alert color="blue" variant="light" icon={<IconSnowflake size={18} />} title="Hàng cần giao lạnh" data-testid="book-cold">
          {draft.cold_notice}
          {!draft.accounts.some((account) => account.carrier === 'self') &&
            ' Công ty chưa bật Tự giao: vào Cấu hình → Kết nối giao vận để bật giao bằng nhân viên công ty.'}
        </Alert>
      )}
      <BookParcelFields draft={draft} form={form} />
      <Radio.Group label="Cách nhận hàng" value={method} onChange={(value) => setMethod(value as ReceiverMethod)}>
        <Group mt={4} gap="md">
          {RECEIVER_METHODS.map((value) => (
            <Radio key={value} value={value} label={RECEIVER_METHOD_LABELS[value]} data-testid={`book-method-${value}`} />
          ))}
        </Group>
      </Radio.Group>
      <Group>
        <Button
          variant="light"
          leftSection={<IconCalculator size={18} />}
          onClick={() => void askQuotes()}
          loading={busy === 'quote'}
          data-testid="book-quote"
        >
          {quotes ? 'Lấy lại báo giá' : 'So sánh phí các hãng'}
        </Button>
      </Group>
      {quotes && <QuoteTable answer={quotes} chosen={chosen} onChoose={setChosen} />}
      <BookCarrierChoice draft={draft} form={form} />
      <NoteField label="Ghi chú cho hãng" value={note} onChange={setNote} maxLength={500} data-testid="book-note" />
      <ProblemAlert problem={problem} testId="book-problem" />
      <DialogActions
        onCancel={onClose}
        label="Đặt giao hàng"
        leftSection={<IconTruckDelivery size={18} />}
        onConfirm={() => void book()}
        busy={busy === 'book'}
        disabled={!quote}
        testId="book-submit"
      />
    </Stack>
  );
}
