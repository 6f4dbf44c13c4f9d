/**
 * The lines of an adjusting invoice, made three ways: goods given back (hàng trả lại: a returned
 * quantity for each line of the original, priced as sold by the contract's returnLines), a discount
 * after the sale (chiết khấu thương mại: one line of an amount at a VAT rate), and lines typed by
 * hand for an increase (a line of the original, its price difference, or a new one). Each way keeps
 * its own form; lines() turns the one in use into what is sent.
 */
import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { AFTER_SALE_DISCOUNT_NAME, returnLines, type AdjustLineInput } from '@contract/invoices-corrections';
import { INVOICE_VAT_RATE_LABELS, INVOICE_VAT_RATES, type InvoiceLine, type InvoiceVatRate } from '@contract/invoices-totals';
import { formatMoney, formatNumber } from '@/lib/money';
import { NumericInput } from '@/ui/numeric-input';
import { WholeAmountInput } from '@/ui/whole-amount-input';

export type TypedLine = {
  line_no: number | null;
  item_name: string;
  unit: string;
  quantity: string;
  unit_price: string;
  vat_rate: InvoiceVatRate;
};

export type LinesForm = {
  /** Returned quantity by the original's line number, as typed. */
  returned: Record<number, string>;
  discount: { amount: string; vat_rate: InvoiceVatRate };
  typed: TypedLine[];
};

const VAT_OPTIONS = INVOICE_VAT_RATES.map((rate) => ({ value: rate, label: INVOICE_VAT_RATE_LABELS[rate] }));

export function linesForm(original: readonly InvoiceLine[]): LinesForm {
  const rate = original[0]?.vat_rate ?? '10%';
  return { returned: {}, discount: { amount: '', vat_rate: rate }, typed: [blankLine(rate)] };
}

const blankLine = (vat_rate: InvoiceVatRate): TypedLine => ({
  line_no: null,
  item_name: '',
  unit: '',
  quantity: '1',
  unit_price: '',
  vat_rate,
});

/** The lines one way makes: typed lines left blank are left out. */
export function formLines(way: 'return' | 'discount' | 'typed', form: LinesForm, original: readonly InvoiceLine[]): AdjustLineInput[] {
  if (way === 'return') {
    const returned = new Map(Object.entries(form.returned).map(([line, quantity]) => [Number(line), Number(quantity || 0)]));
    return returnLines(original, returned);
  }
  if (way === 'discount') {
    const amount = Number(form.discount.amount || 0);
    if (amount <= 0) return [];
    return [
      {
        line_no: null,
        item_code: null,
        item_name: AFTER_SALE_DISCOUNT_NAME,
        unit: null,
        quantity: 1,
        unit_price: amount,
        discount: 0,
        vat_rate: form.discount.vat_rate,
      },
    ];
  }
  return form.typed
    .filter((line) => line.item_name.trim() || line.unit_price)
    .map((line) => {
      const source = line.line_no === null ? undefined : original.find((row) => row.line_no === line.line_no);
      return {
        line_no: line.line_no,
        item_code: source?.item_code || null,
        item_name: line.item_name.trim(),
        unit: line.unit.trim() || null,
        quantity: Number(line.quantity || 0),
        unit_price: Number(line.unit_price || 0),
        discount: 0,
        vat_rate: line.vat_rate,
      };
    });
}

type EditorProps<K extends keyof LinesForm> = {
  original: readonly InvoiceLine[];
  value: LinesForm[K];
  onChange: (next: LinesForm[K]) => void;
};

/** The original's lines, each with the quantity the buyer gave back (gifts are not invoiced amounts). */
export function ReturnEditor({ original, value, onChange }: EditorProps<'returned'>) {
  const lines = original.filter((line) => !line.is_gift);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder striped data-testid="adjust-return-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>STT</Table.Th>
            <Table.Th>Tên hàng hóa</Table.Th>
            <Table.Th ta="right">Đã bán</Table.Th>
            <Table.Th ta="right">Đơn giá</Table.Th>
            <Table.Th w={150}>Số lượng trả lại</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.line_no}>
              <Table.Td>{line.line_no}</Table.Td>
              <Table.Td>{line.item_name}</Table.Td>
              <Table.Td ta="right">
                {formatNumber(line.quantity)} {line.unit}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(line.unit_price)}</Table.Td>
              <Table.Td>
                <NumericInput
                  aria-label={`Số lượng trả lại: ${line.item_name}`}
                  size="xs"
                  max={line.quantity}
                  value={value[line.line_no] ?? ''}
                  onChange={(quantity) => onChange({ ...value, [line.line_no]: quantity })}
                  data-testid={`adjust-return-qty-${line.line_no}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The discount after the sale: its amount before VAT and its rate. */
export function DiscountEditor({ value, onChange }: EditorProps<'discount'>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <WholeAmountInput
        label={`${AFTER_SALE_DISCOUNT_NAME} (chưa có thuế GTGT)`}
        withAsterisk
        suffix=" ₫"
        value={value.amount}
        onChange={(amount) => onChange({ ...value, amount })}
        data-testid="adjust-discount-amount"
      />
      <Select
        label="Thuế suất"
        data={VAT_OPTIONS}
        value={value.vat_rate}
        onChange={(rate) => rate && onChange({ ...value, vat_rate: rate as InvoiceVatRate })}
        allowDeselect={false}
        data-testid="adjust-discount-vat"
      />
    </SimpleGrid>
  );
}

/**
 * Lines typed by hand: a line of the original (its price or quantity difference) or a new one;
 * only new ones when `allowOriginal` is false (an adjustment of several invoices).
 */
export function TypedLinesEditor({ original, value, onChange, allowOriginal = true }: EditorProps<'typed'> & { allowOriginal?: boolean }) {
  const set = (index: number, patch: Partial<TypedLine>) =>
    onChange(value.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const fromOriginal = (index: number, lineNo: string | null) => {
    const source = original.find((line) => String(line.line_no) === lineNo);
    set(
      index,
      source ? { line_no: source.line_no, item_name: source.item_name, unit: source.unit, vat_rate: source.vat_rate } : { line_no: null },
    );
  };
  const originalOptions = original.map((line) => ({ value: String(line.line_no), label: `${line.line_no}. ${line.item_name}` }));
  return (
    <Stack gap="sm" data-testid="adjust-typed-lines">
      {value.map((line, index) => {
        const n = index + 1;
        return (
          <Stack key={index} gap={6} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                Dòng {n}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Xóa dòng ${n}`}
                disabled={value.length === 1}
                onClick={() => onChange(value.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              {allowOriginal && (
                <Select
                  label="Dòng của hóa đơn gốc"
                  placeholder="Dòng mới"
                  data={originalOptions}
                  value={line.line_no === null ? null : String(line.line_no)}
                  onChange={(lineNo) => fromOriginal(index, lineNo)}
                  clearable
                />
              )}
              <TextInput
                label="Tên hàng hóa, dịch vụ"
                withAsterisk
                maxLength={500}
                value={line.item_name}
                onChange={(event) => set(index, { item_name: event.currentTarget.value })}
                data-testid={`adjust-line-name-${n}`}
              />
              <TextInput
                label="ĐVT"
                maxLength={50}
                value={line.unit}
                onChange={(event) => set(index, { unit: event.currentTarget.value })}
              />
              <NumericInput
                label="Số lượng"
                withAsterisk
                value={line.quantity}
                onChange={(quantity) => set(index, { quantity })}
                data-testid={`adjust-line-qty-${n}`}
              />
              <WholeAmountInput
                label="Đơn giá điều chỉnh"
                withAsterisk
                suffix=" ₫"
                value={line.unit_price}
                onChange={(unit_price) => set(index, { unit_price })}
                data-testid={`adjust-line-price-${n}`}
              />
              <Select
                label="Thuế suất"
                data={VAT_OPTIONS}
                value={line.vat_rate}
                onChange={(rate) => rate && set(index, { vat_rate: rate as InvoiceVatRate })}
                allowDeselect={false}
              />
            </SimpleGrid>
          </Stack>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...value, blankLine(value.at(-1)?.vat_rate ?? '10%')])}
          data-testid="adjust-add-line"
        >
          Thêm dòng
        </Button>
      </Group>
    </Stack>
  );
}
