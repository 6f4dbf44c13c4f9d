/**
 * One line of a receipt being written: the product, its unit (the variant's units), the quantity
 * (thực nhập / thực xuất), the quantity per document (theo chứng từ / yêu cầu), the unit price and
 * amount; for imports the lot received (số lô, ngày sản xuất, hạn dùng: required for medicines);
 * for exports and transfers the lot to take (optional). An import's lot already expired or
 * short-dated is flagged under its dates as they are typed, and so is a medicine whose registration
 * has expired. The server's field errors show on their
 * field. One card per line, its fields in a row on a desk and wrapped on a phone.
 */
import { ActionIcon, Badge, Card, Grid, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCopyPlus, IconTrash } from '@tabler/icons-react';
import type { ReceiptKind } from '@contract/warehouse-status';
import { MoneyText } from '@/ui/money-text';
import { lineAmount, type LineDraft } from '@/features/warehouse/model/receipt-form';
import type { LineExpiry } from '@/features/warehouse/model/receipt-expiry';
import { DayField } from '@/ui/day-field';
import { LotPicker } from './lot-picker';
import { WholeAmountInput } from '@/ui/whole-amount-input';

type Props = {
  companyId: number;
  kind: ReceiptKind;
  index: number;
  line: LineDraft;
  /** Imports: the lot is expired or short-dated (null when fine). */
  expiry?: LineExpiry | null;
  /** Imports: the medicine's registration has expired (model/receipt-expiry.ts registrationWarning). */
  registration?: string | null;
  errors: Record<string, string>;
  onChange: (patch: Partial<Omit<LineDraft, 'key' | 'variant'>>) => void;
  onUnit: (unit: string) => void;
  onRemove: () => void;
  onSplit: () => void;
};

const QUANTITY_LABEL: Record<ReceiptKind, [string, string]> = {
  import: ['Thực nhập', 'Theo chứng từ'],
  export: ['Thực xuất', 'Yêu cầu'],
  transfer: ['Thực xuất', 'Yêu cầu'],
  check: ['Số đếm', 'Sổ sách'],
};

/** Whole, non-negative numbers with dot thousands (10.000), kept as the digits typed. */
function Amount({ testId, ...props }: { label: string; value: string; onChange: (value: string) => void; error?: string; testId: string }) {
  return <WholeAmountInput {...props} max={100_000_000_000} data-testid={testId} />;
}

/** "Lô đã hết hạn" in red, "Lô cận hạn: còn 45 ngày" in orange, with where the lot will land. */
function ExpiryNote({ expiry }: { expiry: LineExpiry }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="line-expiry-warning" role="alert">
      <IconAlertTriangle size={16} color={`var(--mantine-color-${expiry.expired ? 'red' : 'orange'}-7)`} style={{ flexShrink: 0 }} />
      <Text size="sm" c={expiry.expired ? 'red' : 'orange'}>
        <b>{expiry.warning}</b>. {expiry.landing}.
      </Text>
    </Group>
  );
}

/** "Số đăng ký đã hết hạn" in red: the receipt still goes through, the office decides what to do with the goods. */
function RegistrationNote({ text }: { text: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="line-registration-warning" role="alert">
      <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" style={{ flexShrink: 0 }} />
      <Text size="sm" c="red">
        <b>Số đăng ký đã hết hạn</b>: {text}. Vẫn nhập được; cân nhắc biệt trữ hoặc trả lại hàng.
      </Text>
    </Group>
  );
}

type ImportLotProps = Pick<Props, 'line' | 'errors' | 'onChange'> & { expiry: LineExpiry | null; registration: string | null };

/** An import's lot (số lô, ngày sản xuất, hạn dùng) and the warnings about it. */
function ImportLot({ line, errors, onChange, expiry, registration }: ImportLotProps) {
  return (
    <Grid gap="xs">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label="Số lô"
          value={line.lotNo}
          onChange={(event) => onChange({ lotNo: event.currentTarget.value })}
          maxLength={60}
          withAsterisk={line.variant.isMedicine}
          error={errors.lot_no}
          data-testid="line-lot-no"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <DayField
          size="md"
          label="Ngày sản xuất"
          value={line.manufacturedOn}
          onChange={(manufacturedOn) => onChange({ manufacturedOn })}
          error={errors.manufactured_on}
          clearable
          data-testid="line-manufactured-on"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <DayField
          size="md"
          label="Hạn dùng"
          value={line.expiresOn}
          onChange={(expiresOn) => onChange({ expiresOn })}
          error={errors.expires_on}
          required={line.variant.isMedicine}
          clearable
          data-testid="line-expires-on"
        />
      </Grid.Col>
      {expiry && (
        <Grid.Col span={12}>
          <ExpiryNote expiry={expiry} />
        </Grid.Col>
      )}
      {registration && (
        <Grid.Col span={12}>
          <RegistrationNote text={registration} />
        </Grid.Col>
      )}
    </Grid>
  );
}

export function ReceiptLineEditor(props: Props) {
  const { companyId, kind, index, line, expiry = null, registration = null, errors, onChange, onUnit, onRemove, onSplit } = props;
  const [quantityLabel, documentLabel] = QUANTITY_LABEL[kind];
  const name = line.variant.name;
  const span = { base: 6, sm: 4, lg: 2 };
  return (
    <Card withBorder radius="md" padding="sm" data-testid="receipt-line" data-variant={line.variant.id} data-index={index}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {index + 1}. {name}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {line.variant.sku}
              </Text>
              {line.variant.isMedicine && kind === 'import' && (
                <Badge size="xs" variant="light" color="grape" tt="none">
                  Thuốc: cần số lô, hạn dùng
                </Badge>
              )}
            </Group>
            {errors.variant_id && (
              <Text size="xs" c="red">
                {errors.variant_id}
              </Text>
            )}
          </div>
          <Group gap={2} wrap="nowrap">
            {kind === 'import' && (
              <Tooltip label="Thêm lô khác của sản phẩm này">
                <ActionIcon variant="subtle" aria-label={`Thêm lô khác: ${name}`} onClick={onSplit} data-testid="line-split">
                  <IconCopyPlus size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <ActionIcon variant="subtle" color="red" aria-label={`Xóa dòng ${name}`} onClick={onRemove} data-testid="line-remove">
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <Grid gap="xs" align="flex-end">
          <Grid.Col span={span}>
            <Select
              label="ĐVT"
              data={line.variant.units.map((unit) => ({
                value: unit.unit,
                label: unit.factor > 1 ? `${unit.unit} (${unit.factor})` : unit.unit,
              }))}
              value={line.unit}
              onChange={(next) => next && onUnit(next)}
              allowDeselect={false}
              error={errors.unit}
              comboboxProps={{ withinPortal: true }}
              data-testid="line-unit"
            />
          </Grid.Col>
          <Grid.Col span={span}>
            <Amount
              label={quantityLabel}
              value={line.quantity}
              onChange={(quantity) => onChange({ quantity })}
              error={errors.quantity}
              testId="line-quantity"
            />
          </Grid.Col>
          <Grid.Col span={span}>
            <Amount
              label={documentLabel}
              value={line.documentQuantity}
              onChange={(documentQuantity) => onChange({ documentQuantity })}
              error={errors.document_quantity}
              testId="line-document-quantity"
            />
          </Grid.Col>
          <Grid.Col span={span}>
            <Amount
              label="Đơn giá"
              value={line.unitPrice}
              onChange={(unitPrice) => onChange({ unitPrice })}
              error={errors.unit_price}
              testId="line-unit-price"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <Text size="sm" c="dimmed">
              Thành tiền
            </Text>
            <MoneyText value={lineAmount(line)} fw={600} data-testid="line-amount" />
          </Grid.Col>
        </Grid>
        {kind === 'import' ? (
          <ImportLot line={line} errors={errors} onChange={onChange} expiry={expiry} registration={registration} />
        ) : (
          <LotPicker
            companyId={companyId}
            variantId={line.variant.id}
            baseUnit={line.variant.units[0]?.unit ?? ''}
            value={line.lotId}
            onChange={(lotId) => onChange({ lotId })}
            error={errors.lot_id ?? errors.lot_no}
          />
        )}
      </Stack>
    </Card>
  );
}
