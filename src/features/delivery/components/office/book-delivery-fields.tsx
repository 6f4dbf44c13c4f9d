/**
 * Parts of the booking form (book-delivery-dialog.tsx): the parcel with COD and declared value, and
 * for the quote chosen its pick shift (a carrier) or the employee who carries it (self delivery).
 */
import { Alert, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { parcelWarnings } from '@contract/delivery-parcel';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { StrictNumberInput } from '@/ui/strict-number-input';
import type { DeliveryDraft } from '@/features/delivery/api/delivery-api';
import { weightText } from '@/features/delivery/model/delivery-text';
import { PARCEL_FIELDS, type useBookDelivery } from './use-book-delivery';

type Form = ReturnType<typeof useBookDelivery>;

/**
 * Weight and size (proposed from the variants, editable), warned while they look wrong for a
 * pharmacy order (too heavy or too long, as typed), then COD and declared value.
 */
export function BookParcelFields({ draft, form }: { draft: DeliveryDraft; form: Form }) {
  const { parcel, setParcel, cod, setCod, insurance, setInsurance, parcelValue } = form;
  const typed = parcelValue();
  const warnings = typed ? parcelWarnings(typed) : draft.parcel_warnings;
  return (
    <>
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
      {warnings.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Gói hàng bất thường"
          data-testid="book-parcel-warning"
        >
          <Stack gap={4}>
            {warnings.map((warning) => (
              <Text key={warning} size="sm">
                {warning}
              </Text>
            ))}
          </Stack>
        </Alert>
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
    </>
  );
}

/** The pick shift of a carrier that offers them, or the shipper for self delivery. */
export function BookCarrierChoice({ draft, form }: { draft: DeliveryDraft; form: Form }) {
  const { quote, shifts, shift, setShift, account, shipper, setShipper } = form;
  return (
    <>
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
    </>
  );
}
