/**
 * Booking a delivery for a confirmed order (docs/delivery.md "Booking"): the receiver as the order
 * has it, the parcel proposed from the variants (weight and size, editable), the COD and declared
 * value, what the receiver may do (cho xem hàng / không cho xem / cho thử); then every connected
 * carrier's quotes side by side (fee, expected date; a carrier that failed says why), one chosen,
 * its pick shift (or, for self delivery, the employee who carries it), and "Đặt giao hàng".
 */
import { Alert, Badge, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCalculator, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import {
  RECEIVER_METHOD_LABELS,
  RECEIVER_METHODS,
  type Parcel,
  type Quote,
  type QuoteAnswer,
  type ReceiverMethod,
} from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { formatDate } from '@/lib/dates';
import { DialogActions } from '@/ui/dialog-actions';
import { LoadingBlock } from '@/ui/loading-block';
import { NoteField } from '@/ui/note-field';
import { ProblemAlert } from '@/ui/problem';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { toast } from '@/ui/toast';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import {
  deliveryError,
  useDeliveryDraft,
  useDeliveryWrites,
  usePickShifts,
  type DeliveryDraft,
} from '@/features/delivery/api/delivery-api';
import { weightText } from '@/features/delivery/model/delivery-text';

type Props = { companyId: number; orderId: string; isMobile: boolean; onClose: () => void };

const PARCEL_FIELDS: { key: keyof Parcel; label: string; max: number }[] = [
  { key: 'weight_grams', label: 'Khối lượng (g)', max: 1_000_000 },
  { key: 'length_cm', label: 'Dài (cm)', max: 300 },
  { key: 'width_cm', label: 'Rộng (cm)', max: 300 },
  { key: 'height_cm', label: 'Cao (cm)', max: 300 },
];

const quoteKey = (quote: Quote) => `${quote.connection_id}:${quote.service_id}`;

export function BookDeliveryDialog({ companyId, orderId, isMobile, onClose }: Props) {
  const draft = useDeliveryDraft(companyId, orderId);
  return (
    <Modal opened onClose={onClose} title="Tạo đơn vận chuyển" size="xl" fullScreen={isMobile} closeButtonProps={{ 'aria-label': 'Đóng' }}>
      {draft.isPending ? (
        <LoadingBlock />
      ) : draft.error ? (
        <ProblemAlert problem={deliveryError(draft.error, 'Không tải được đơn hàng')} />
      ) : (
        <BookForm companyId={companyId} draft={draft.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function BookForm({ companyId, draft, onClose }: { companyId: number; draft: DeliveryDraft; onClose: () => void }) {
  const writes = useDeliveryWrites(companyId);
  const [parcel, setParcel] = useState<Record<keyof Parcel, number | string>>({ ...draft.parcel });
  const [cod, setCod] = useState(String(draft.cod_amount));
  const [insurance, setInsurance] = useState(String(draft.insurance_value));
  const [method, setMethod] = useState<ReceiverMethod>('cho_xem');
  const [quotes, setQuotes] = useState<QuoteAnswer | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [shift, setShift] = useState<string | null>(null);
  const [shipper, setShipper] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'quote' | 'book' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const quote = quotes?.quotes.find((candidate) => quoteKey(candidate) === chosen) ?? null;
  const account = draft.accounts.find((candidate) => candidate.id === quote?.connection_id) ?? null;
  const shifts = usePickShifts(companyId, quote && quote.carrier !== 'self' ? quote.connection_id : null);

  const parcelValue = (): Parcel | null => {
    const values = Object.fromEntries(PARCEL_FIELDS.map(({ key }) => [key, Number(parcel[key])])) as Parcel;
    return PARCEL_FIELDS.every(({ key, max }) => Number.isInteger(values[key]) && values[key] >= 1 && values[key] <= max) ? values : null;
  };

  async function askQuotes() {
    const value = parcelValue();
    if (!value) return setProblem('Vui lòng nhập khối lượng và kích thước gói hàng (số nguyên lớn hơn 0)');
    setProblem(null);
    setBusy('quote');
    setChosen(null);
    try {
      setQuotes(
        await writes.quote({ order: draft.order.id, parcel: value, cod_amount: Number(cod || 0), insurance_value: Number(insurance || 0) }),
      );
    } catch (error) {
      setProblem(deliveryError(error, 'Không lấy được báo giá'));
    } finally {
      setBusy(null);
    }
  }

  async function book() {
    const value = parcelValue();
    if (!quote || !value) return;
    setBusy('book');
    setProblem(null);
    try {
      const answer = await writes.book({
        order: draft.order.id,
        connection_id: quote.connection_id,
        service_id: quote.service_id,
        service_name: quote.service_name,
        fee: quote.fee,
        expected_at: quote.expected_at,
        parcel: value,
        cod_amount: Number(cod || 0),
        insurance_value: Number(insurance || 0),
        receiver_method: method,
        pick_shift: shifts.data?.find((candidate) => candidate.id === shift) ?? null,
        shipper_id: shipper ? Number(shipper) : null,
        note: note.trim() || null,
      });
      toast.success(answer.message ?? 'Đã gửi đơn sang hãng vận chuyển');
      onClose();
    } catch (error) {
      setProblem(deliveryError(error, 'Không tạo được đơn vận chuyển'));
    } finally {
      setBusy(null);
    }
  }

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
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {PARCEL_FIELDS.map(({ key, label, max }) => (
          <StrictNumberInput
            key={key}
            label={label}
            value={parcel[key]}
            max={max}
            min={1}
            allowDecimal={false}
            onChange={(next) => setParcel((current) => ({ ...current, [key]: next }))}
            data-testid={`book-${key}`}
          />
        ))}
      </SimpleGrid>
      {draft.parcel_estimated && (
        <Text size="xs" c="dimmed" data-testid="book-parcel-estimated">
          Một số sản phẩm chưa khai báo khối lượng hoặc kích thước: gói hàng đang được ước tính ({weightText(draft.parcel.weight_grams)}),
          vui lòng kiểm tra lại.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WholeAmountInput
          label="Tiền thu hộ (COD)"
          value={cod}
          onChange={setCod}
          max={100_000_000_000}
          suffix=" ₫"
          data-testid="book-cod"
        />
        <WholeAmountInput
          label="Giá trị khai báo (bảo hiểm)"
          value={insurance}
          onChange={setInsurance}
          max={100_000_000_000}
          suffix=" ₫"
          data-testid="book-insurance"
        />
      </SimpleGrid>
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
      {quote && quote.carrier !== 'self' && (shifts.data?.length ?? 0) > 0 && (
        <Select
          label="Ca lấy hàng"
          placeholder="Hãng tự chọn ca gần nhất"
          data={shifts.data!.map((item) => ({ value: item.id, label: item.title }))}
          value={shift}
          onChange={setShift}
          clearable
          data-testid="book-shift"
        />
      )}
      {quote?.carrier === 'self' && account && (
        <Select
          label="Nhân viên giao"
          placeholder="Chọn nhân viên giao hàng"
          data={draft.shippers
            .filter((person) => account.shipper_ids.includes(person.id))
            .map((person) => ({ value: String(person.id), label: `${person.name} · ${person.phone}` }))}
          value={shipper}
          onChange={setShipper}
          clearable
          data-testid="book-shipper"
        />
      )}
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

function QuoteTable({ answer, chosen, onChoose }: { answer: QuoteAnswer; chosen: string | null; onChoose: (key: string) => void }) {
  const cheapest = answer.quotes[0]?.fee;
  return (
    <Stack gap="xs">
      {answer.quotes.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table highlightOnHover data-testid="book-quotes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Hãng</Table.Th>
                <Table.Th>Dịch vụ</Table.Th>
                <Table.Th ta="right">Phí vận chuyển</Table.Th>
                <Table.Th>Dự kiến giao</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.quotes.map((quote) => (
                <Table.Tr
                  key={quoteKey(quote)}
                  onClick={() => onChoose(quoteKey(quote))}
                  style={{ cursor: 'pointer' }}
                  data-testid="book-quote-row"
                  data-carrier={quote.carrier}
                  data-service={quote.service_id}
                >
                  <Table.Td>
                    <Radio
                      checked={chosen === quoteKey(quote)}
                      onChange={() => onChoose(quoteKey(quote))}
                      aria-label={`${quote.carrier_label} ${quote.service_name}`}
                    />
                  </Table.Td>
                  <Table.Td>{quote.carrier_label}</Table.Td>
                  <Table.Td>{quote.service_name}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      {quote.fee === cheapest && (
                        <Badge size="xs" color="teal" variant="light">
                          Rẻ nhất
                        </Badge>
                      )}
                      <Text size="sm" fw={600}>
                        {formatMoney(quote.fee)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{quote.expected_at ? formatDate(quote.expected_at) : 'Hãng không báo'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          Không hãng nào báo giá được cho đơn này.
        </Text>
      )}
      {answer.failures.map((failure) => (
        <Alert key={failure.connection_id} color="orange" variant="light" data-testid="book-quote-failure">
          {failure.carrier_label}: {failure.message}
        </Alert>
      ))}
    </Stack>
  );
}
