/**
 * "Gợi ý đặt hàng" on the order screen once a customer is chosen: the last order (taken again in
 * one tap), the usual quantities, the must-carry goods not yet bought this month, and the lots near
 * expiry to move with their programme. Each row adds its line to the cart; read from the device
 * (src/features/orders/model/order-suggestions.ts), so it works offline.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { formatMoney, formatNumber } from '@contract/money';
import type { SuggestedLine } from '@contract/visits-suggest';
import type { AppDb, LocalVariant } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { lineName, variantName } from '@/lib/line-name';
import { useLotsToMove, useOrderSuggestions } from '../api/device-orders';

export type AddSuggested = (variant: LocalVariant, unit: string, quantity: number) => void;

type Props = {
  db: AppDb;
  companyId: number;
  customerId: string | null;
  /** Open at first (an empty cart); folded when the screen opens on a cart being filled. */
  openAtFirst: boolean;
  disabled?: boolean;
  onAdd: AddSuggested;
};

/** The unit a line is added in: the one it was ordered in when the variant still sells it, else its biggest pack. */
function unitOf(variant: LocalVariant, unit?: string): string {
  const known = unit && variant.units.find((candidate) => candidate.unit.toLowerCase() === unit.toLowerCase());
  return known ? known.unit : (variant.units.at(-1)?.unit ?? unit ?? '');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Row({ name, detail, action }: { name: string; detail: ReactNode; action: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="suggestion-row">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed" component="div">
          {detail}
        </Text>
      </div>
      {action}
    </Group>
  );
}

function AddButton({ label, name, onClick, disabled }: { label: string; name: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button size="xs" variant="light" onClick={onClick} disabled={disabled} aria-label={`${label} ${name}`} style={{ flexShrink: 0 }}>
      {label}
    </Button>
  );
}

export function OrderSuggestions({ db, companyId, customerId, openAtFirst, disabled, onAdd }: Props) {
  const found = useOrderSuggestions(db, companyId, customerId);
  const lots = useLotsToMove(db, companyId) ?? [];
  const [open, setOpen] = useState(openAtFirst);
  if (!found) return null;
  const { last, usual, mustCarry, variants } = found;
  if (!last && usual.length + mustCarry.length + lots.length === 0) return null;
  const addLine = (line: SuggestedLine) => {
    const variant = variants.get(line.variant_id);
    if (variant) onAdd(variant, unitOf(variant, line.unit), line.quantity);
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-suggestions">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6}>
            <IconBulb size={18} aria-hidden />
            <Title order={4}>Gợi ý đặt hàng</Title>
          </Group>
          <Button size="xs" variant="subtle" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
            {open ? 'Ẩn' : 'Xem'}
          </Button>
        </Group>
        {open && (
          <>
            {last && (
              <Section title="Đơn gần nhất">
                <Row
                  name={`${last.order.code ?? last.order.local_no} · ${formatDate(last.order.created_at)}`}
                  detail={`${formatNumber(last.lines.length)} sản phẩm · ${formatMoney(last.order.total)}`}
                  action={
                    <Button size="xs" onClick={() => last.lines.forEach(addLine)} disabled={disabled || last.lines.length === 0}>
                      Đặt lại như đơn này
                    </Button>
                  }
                />
              </Section>
            )}
            {usual.length > 0 && (
              <Section title={`Thường đặt (${formatNumber(usual[0]!.of)} đơn gần nhất)`}>
                {usual.map((line) => {
                  const name = lineName(line);
                  const amount = `${formatNumber(line.quantity)} ${line.unit}`;
                  return (
                    <Row
                      key={line.variant_id}
                      name={name}
                      detail={`${amount} mỗi lần · ${formatNumber(line.times)}/${formatNumber(line.of)} đơn`}
                      action={<AddButton label={`Thêm ${amount}`} name={name} onClick={() => addLine(line)} disabled={disabled} />}
                    />
                  );
                })}
              </Section>
            )}
            {mustCarry.length > 0 && (
              <Section title="Hàng bắt buộc chưa mua tháng này">
                {mustCarry.map((variant) => (
                  <Row
                    key={variant.id}
                    name={variantName(variant)}
                    detail={variant.code}
                    action={
                      <AddButton
                        label={`Thêm 1 ${unitOf(variant)}`}
                        name={variantName(variant)}
                        onClick={() => onAdd(variant, unitOf(variant), 1)}
                        disabled={disabled}
                      />
                    }
                  />
                ))}
              </Section>
            )}
            {lots.length > 0 && (
              <Section title="Lô cận hạn cần đẩy bán">
                {lots.map((lot) => (
                  <Row
                    key={`${lot.variant_id}-${lot.lot_no}`}
                    name={variantName(lot.variant)}
                    detail={
                      <Group gap={4} wrap="wrap">
                        <span>
                          Lô {lot.lot_no} · HSD {formatDate(`${lot.expires_on}T12:00:00+07:00`)} (còn {formatNumber(lot.days_left)} ngày) ·
                          còn {formatNumber(lot.available)} {lot.variant.units[0]?.unit ?? ''}
                        </span>
                        {lot.promotion && (
                          <Badge size="xs" variant="light" color="grape">
                            KM: {lot.promotion}
                          </Badge>
                        )}
                      </Group>
                    }
                    action={
                      <AddButton
                        label={`Thêm 1 ${unitOf(lot.variant)}`}
                        name={variantName(lot.variant)}
                        onClick={() => onAdd(lot.variant, unitOf(lot.variant), 1)}
                        disabled={disabled}
                      />
                    }
                  />
                ))}
              </Section>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
