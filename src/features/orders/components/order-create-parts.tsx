/**
 * Sections of /order/create (order-create-view.tsx): the notice of a refused order being fixed,
 * the cart's lines, the order's own fields, and the "Gửi đơn" button with the phone's submit bar.
 */
import '@mantine/dates/styles.layer.css';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { DayField } from '@/ui/day-field';
import '@/lib/dayjs';
import { IconSend } from '@tabler/icons-react';
import { vietnamDay } from '@contract/price-policy';
import type { CartRow, LocalOrder, LocalOrderType, LocalStock } from '@/db/app-db';
import { MoneyText } from '@/ui/money-text';
import { NoteField } from '@/ui/note-field';
import type { PricedCart } from '../model/cart-pricing';
import { isPriceRefusal, isPromotionRefusal } from '../model/order-state';
import { availableFor } from '../model/stock-note';
import { CartLineCard, type LineHandlers } from './cart-line-card';
import { ChangeList } from './refused-order-panel';
import { SubmitProblem } from './cart-submit-notes';
import { OrderTypeField } from './order-type-field';
import type { CartStore } from './use-cart-store';

export function FixingOrderAlert({ fixing, submitLabel }: { fixing: LocalOrder; submitLabel: string }) {
  return (
    <Alert color="orange" variant="light" title={`Đang sửa đơn ${fixing.code ?? fixing.local_no} bị từ chối`} data-testid="fixing-order">
      <Stack gap={6}>
        {fixing.changes.length > 0 ? <ChangeList order={fixing} /> : <Text size="sm">{fixing.error ?? 'Đơn hàng bị từ chối.'}</Text>}
        <Text size="sm">
          {isPriceRefusal(fixing) ? 'Giá mới đã được áp dụng. ' : ''}
          {isPromotionRefusal(fixing) ? 'Khuyến mại hiện hành đã được áp dụng. ' : ''}Kiểm tra lại với khách hàng rồi bấm “{submitLabel}”.
        </Text>
      </Stack>
    </Alert>
  );
}

type CartLinesProps = {
  lineCount: number;
  priced: PricedCart | null;
  vatOn: boolean;
  handlers: LineHandlers;
  disabled: boolean;
  stock: Map<number, LocalStock> | undefined;
  warehouseId: number | null;
  /** The last change is written on the device (cart-store's `saved`). */
  saved: boolean;
};

export function CartLines({ lineCount, priced, vatOn, handlers, disabled, stock, warehouseId, saved }: CartLinesProps) {
  return (
    <Stack gap="xs" data-testid="cart-lines">
      <Group justify="space-between">
        <Title order={5}>Sản phẩm ({lineCount})</Title>
        <Group gap="xs">
          <Badge variant="light" color="gray" data-testid="draft-chip">
            Nháp
          </Badge>
          <Text size="xs" c="dimmed" data-testid="cart-saved" data-saved={saved}>
            {saved ? 'Đã lưu trên máy' : 'Đang lưu trên máy…'}
          </Text>
        </Group>
      </Group>
      {lineCount === 0 && (
        <Text size="sm" c="dimmed" data-testid="no-lines">
          Chưa có sản phẩm nào. Tìm hoặc quét mã vạch để thêm.
        </Text>
      )}
      {(priced?.lines ?? []).map((line) => (
        <CartLineCard
          key={line.lineId}
          line={line}
          vatOn={vatOn}
          handlers={handlers}
          disabled={disabled}
          available={availableFor(stock?.get(line.variantId), warehouseId)}
        />
      ))}
    </Stack>
  );
}

type OrderFieldsProps = {
  types: LocalOrderType[];
  cart: CartRow;
  update: CartStore['update'];
  disabled: boolean;
};

/** The order's type, delivery date and note. */
export function OrderFieldsCard({ types, cart, update, disabled }: OrderFieldsProps) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <OrderTypeField
          types={types}
          value={cart.orderTypeId ?? null}
          onChange={(orderTypeId) => update((current) => ({ ...current, orderTypeId }))}
          disabled={disabled}
        />
        <DayField
          label="Ngày giao hàng"
          minDate={vietnamDay()}
          clearable
          withIcon
          clearLabel="Xóa ngày giao"
          value={cart.deliveryDate}
          onChange={(value) => update((current) => ({ ...current, deliveryDate: value }))}
          disabled={disabled}
          data-testid="delivery-date"
        />
        <NoteField
          label="Ghi chú"
          placeholder="Ghi chú cho đơn hàng, giao hàng…"
          maxLength={1000}
          value={cart.note}
          onChange={(note) => update((current) => ({ ...current, note }))}
          disabled={disabled}
          data-testid="order-note"
        />
      </Stack>
    </Card>
  );
}

export type SubmitButtonProps = { label: string; saving: boolean; disabled: boolean; onSubmit: () => void };

export function SubmitButton({ label, saving, disabled, onSubmit }: SubmitButtonProps) {
  return (
    <Button
      size="md"
      leftSection={<IconSend size={18} />}
      onClick={onSubmit}
      loading={saving}
      disabled={disabled}
      data-testid="submit-order"
    >
      {label}
    </Button>
  );
}

/** On a phone: the total and "Gửi đơn", kept above the bottom navigation. */
export function SubmitBar({ total, problem, ...button }: SubmitButtonProps & { total: number; problem: string | null }) {
  return (
    <Card
      hiddenFrom="sm"
      withBorder
      radius="md"
      padding="sm"
      shadow="md"
      mt="md"
      style={{ position: 'sticky', bottom: 'calc(72px + env(safe-area-inset-bottom))', zIndex: 50 }}
      data-testid="submit-bar"
    >
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed">
            Tổng cộng
          </Text>
          <MoneyText value={total} fw={700} size="lg" c="teal" />
        </div>
        <SubmitButton {...button} />
      </Group>
      <SubmitProblem problem={problem} />
    </Card>
  );
}
