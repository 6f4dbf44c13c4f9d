/**
 * /order/create: taking an order at the pharmacy, the same with or without signal. The order being
 * taken is the cart in Dexie (every change saved at once); prices come from the device's price
 * policies for this customer; "Gửi đơn" writes the order and its `order.submit` op in one local
 * transaction and the sync engine sends it when it can.
 */
import '@mantine/dates/styles.layer.css';
import { Alert, Badge, Box, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@/lib/dayjs';
import { IconCalendar, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FeatureFlags } from '@contract/company-switches';
import type { DiscountLimit } from '@contract/orders-discount';
import type { CreditVerdict } from '@contract/receivables-ledger';
import type { LineDiscount } from '@contract/orders-totals';
import { vietnamDay } from '@contract/price-policy';
import { useActiveWarehouse } from '@/session/active-warehouse';
import { useHeaderActions } from '@/ui/header-actions';
import type { AppDb, LocalCustomer, LocalOrder, LocalVariant } from '@/db/app-db';
import { DISPLAY_DATE_FORMAT, parseDisplayDate } from '@/lib/dates';
import { openConfirm } from '@/ui/confirm-dialog';
import { MoneyText } from '@/ui/money-text';
import { toast } from '@/ui/toast';
import { NoteField } from '@/ui/note-field';
import { addLine, emptyCart, isCartDirty, removeLine, setCartCustomer, setLineUnit, syncLinePrices, updateLine } from '../model/cart';
import { cartApprovalReason, lineProblem, priceOf } from '../model/cart-pricing';
import { isPriceRefusal, isPromotionRefusal } from '../model/order-state';
import { CartAlreadySent, CartProblem, submitCart } from '../model/submit-order';
import { CartLineCard, type LineHandlers } from './cart-line-card';
import { ChangeList } from './refused-order-panel';
import { CustomerSection, type OpenVisitHint } from './customer-section';
import { CartPromotions } from './cart-promotions';
import { ApprovalNotice, SubmitProblem } from './cart-submit-notes';
import { OrderTotalsCard } from './order-totals-card';
import { ProductAdder } from './product-adder';
import { useLocalOrder, useStockLevels, useUsableOrderTypes } from '../api/device-orders';
import { effectiveOrderType, OrderTypeField } from './order-type-field';
import { availableFor } from '../model/stock-note';
import { useCartPricing } from '../api/use-cart-pricing';
import { useCartStore } from './use-cart-store';

export type Seller = { companyId: number; accountId: number; accountName: string };

export type OrderCreateViewProps = {
  db: AppDb;
  seller: Seller;
  flags: FeatureFlags;
  /** The visit the rep is checked in at, if any (its customer is offered first and the order is linked to it). */
  visit?: OpenVisitHint;
  onDirtyChange?: (dirty: boolean) => void;
  /** The order is saved on the device (and queued); the page moves on. */
  onSubmitted: (order: LocalOrder) => void;
  /** Another tab sent this cart already. */
  onAlreadySent?: () => void;
  /** The seller's role maximum discount (their cached access); the cart says when the order will wait for approval. */
  discountLimit?: DiscountLimit | null;
  /**
   * The credit check (composed by the route from the receivables feature, RECEIVABLE on): shows its
   * notice and tells the cart whether the order may go, may go with a warning, or is blocked.
   */
  creditCheck?: (input: { customerId: string; customerName: string; total: number; onVerdict: (verdict: CreditVerdict) => void }) => ReactNode;
};

/** The toast after "Gửi đơn" (spec of issue #5): sent at once, or saved and queued. */
export const SENT_ONLINE = 'Đã gửi đơn hàng';
export const SAVED_OFFLINE = 'Đã lưu đơn hàng, đang chờ đồng bộ';

export const CLEAR_CONFIRMATION = 'Xóa toàn bộ đơn hàng đang tạo? Khách hàng và các sản phẩm đã chọn sẽ bị bỏ.';

function problemOf(
  customer: LocalCustomer | null | undefined,
  lineCount: number,
  lineProblem: string | null,
  deliveryDate: string | null,
): string | null {
  if (!customer) return 'Vui lòng chọn khách hàng';
  if (customer.status !== 'active') return 'Khách hàng đã ngừng hoạt động, vui lòng chọn khách hàng khác';
  if (lineCount === 0) return 'Vui lòng thêm ít nhất một sản phẩm';
  if (lineProblem) return lineProblem;
  if (deliveryDate && deliveryDate < vietnamDay()) return 'Ngày giao hàng không được trước hôm nay';
  return null;
}

export function OrderCreateView({
  db,
  seller,
  flags,
  visit = null,
  onDirtyChange,
  onSubmitted,
  onAlreadySent,
  discountLimit = null,
  creditCheck,
}: OrderCreateViewProps) {
  const { companyId, accountId } = seller;
  const warehouseId = useActiveWarehouse(companyId, accountId);
  const store = useCartStore(db, companyId, accountId);
  const { cart, update } = store;
  const orderTypes = useUsableOrderTypes(db, companyId, accountId, flags);
  const orderType = effectiveOrderType(orderTypes ?? [], cart?.orderTypeId);
  const pricing = useCartPricing(db, companyId, cart, flags, orderType?.wholesale === true);
  const { priced, customer } = pricing;
  const [saving, setSaving] = useState(false);
  const [credit, setCredit] = useState<{ customerId: string; verdict: CreditVerdict } | null>(null);
  const submitting = useRef(false);
  const vatOn = flags.VAT === true;
  const dirty = cart ? isCartDirty(cart) : false;

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  // Lines re-price (customer changed, a pull brought new prices): the stored cart follows the screen.
  useEffect(() => {
    if (!priced) return;
    update((current) => syncLinePrices(current, new Map(priced.lines.map((line) => [line.lineId, line.unitPrice]))));
  }, [priced, update]);

  const customerKey = customer?.id ?? null;
  const onVerdict = useCallback(
    (next: CreditVerdict) => {
      if (customerKey) setCredit({ customerId: customerKey, verdict: next });
    },
    [customerKey],
  );

  const fixing = useLocalOrder(db, cart?.orderId);
  const stock = useStockLevels(
    db,
    (cart?.lines ?? []).map((line) => line.variantId),
  );

  async function clearAll() {
    const confirmed = await openConfirm({ message: CLEAR_CONFIRMATION, icon: 'warning' });
    if (confirmed) update(() => emptyCart(companyId, accountId));
  }
  useHeaderActions(dirty ? [{ key: 'clear-cart', label: 'Xóa đơn đang tạo', danger: true, onClick: () => void clearAll() }] : []);

  if (!cart) return null;

  const handlers: LineHandlers = {
    onQuantity: (lineId, quantity) => update((current) => updateLine(current, lineId, { quantity })),
    onUnit: (lineId, unit) => update((current) => setLineUnit(current, lineId, unit)),
    onDiscount: (lineId, discount: LineDiscount | null) => update((current) => updateLine(current, lineId, { discount })),
    onRemove: (lineId) => update((current) => removeLine(current, lineId)),
  };

  function add(variant: LocalVariant, unit: string) {
    pricing.remember(variant);
    const unitPrice = pricing.pricing
      ? priceOf(variant, unit, pricing.pricing).price
      : (variant.units.find((candidate) => candidate.unit === unit)?.price ?? 0);
    update((current) => addLine(current, { variantId: variant.id, unit, quantity: 1, unitPrice, discount: null }));
  }

  function pickCustomer(picked: LocalCustomer) {
    const visitId = visit && visit.customerId === picked.id ? visit.id : null;
    update((current) => setCartCustomer(current, picked.id, visitId));
  }

  const brokenLine = priced?.lines.find((line) => lineProblem(line));
  // The verdict of the customer on the screen (a verdict about the previous one does not count).
  const verdict = credit && customer && credit.customerId === customer.id ? credit.verdict : null;
  const problem =
    problemOf(
      customer,
      cart.lines.length,
      brokenLine ? `${brokenLine.variant?.product_name ?? 'Một sản phẩm'}: ${lineProblem(brokenLine)}` : null,
      cart.deliveryDate,
    ) ?? (verdict?.decision === 'block' ? 'khách hàng vượt hạn mức công nợ' : null);
  // Said beside "Gửi đơn" once the cart is priced (not while the customer is still being read).
  const shownProblem = priced || !cart.customerId ? problem : null;
  const approvalReason = priced ? cartApprovalReason(priced.lines, discountLimit) : null;

  async function submit() {
    if (submitting.current || !cart || !priced) return;
    if (problem || !customer) {
      toast.error(problem ?? 'Vui lòng chọn khách hàng');
      return;
    }
    submitting.current = true;
    setSaving(true);
    try {
      await store.flush();
      store.close();
      const chosen = { ...cart, orderTypeId: orderType?.id ?? null };
      const creditWarning = verdict?.decision === 'warn' ? verdict.reasons.join('; ') : null;
      const order = await submitCart(db, { ...seller, vatOn, warehouseId, discountLimit }, chosen, customer, priced, undefined, creditWarning);
      onSubmitted(order);
    } catch (error) {
      if (error instanceof CartAlreadySent) {
        toast.warning('Đơn hàng này đã được gửi');
        onAlreadySent?.();
        await store.reload();
        store.open();
        return;
      }
      store.open();
      console.error('Submitting the order failed', error);
      toast.error(error instanceof CartProblem ? error.message : 'Không lưu được đơn hàng trên máy. Vui lòng thử lại.');
    } finally {
      submitting.current = false;
      setSaving(false);
    }
  }

  const totals = priced?.totals ?? { subtotal: 0, promotion: 0, discount: 0, net: 0, vat: 0, total: 0, lineCount: 0 };
  const submitLabel = cart.orderId ? 'Gửi lại đơn' : 'Gửi đơn';
  const today = vietnamDay();

  return (
    <Box data-testid="order-create">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            {fixing && (
              <Alert
                color="orange"
                variant="light"
                title={`Đang sửa đơn ${fixing.code ?? fixing.local_no} bị từ chối`}
                data-testid="fixing-order"
              >
                <Stack gap={6}>
                  {fixing.changes.length > 0 ? (
                    <ChangeList order={fixing} />
                  ) : (
                    <Text size="sm">{fixing.error ?? 'Đơn hàng bị từ chối.'}</Text>
                  )}
                  <Text size="sm">
                    {isPriceRefusal(fixing) ? 'Giá mới đã được áp dụng. ' : ''}
                    {isPromotionRefusal(fixing) ? 'Khuyến mại hiện hành đã được áp dụng. ' : ''}Kiểm tra lại với khách hàng rồi bấm “
                    {submitLabel}”.
                  </Text>
                </Stack>
              </Alert>
            )}
            <CustomerSection
              db={db}
              companyId={companyId}
              accountId={accountId}
              customerId={cart.customerId}
              customer={customer}
              typeName={pricing.customerType}
              levelName={pricing.customerLevel}
              wholesale={pricing.wholesale}
              visit={visit}
              linkedVisit={cart.visitId !== null}
              disabled={saving}
              onPick={pickCustomer}
            />
            <Card withBorder radius="md" padding="md">
              <ProductAdder
                db={db}
                companyId={companyId}
                warehouseId={warehouseId}
                pricing={pricing.pricing}
                disabled={saving}
                onAdd={add}
              />
            </Card>
            <Stack gap="xs" data-testid="cart-lines">
              <Group justify="space-between">
                <Title order={5}>Sản phẩm ({cart.lines.length})</Title>
                <Group gap="xs">
                  <Badge variant="light" color="gray" data-testid="draft-chip">
                    Nháp
                  </Badge>
                  <Text size="xs" c="dimmed">
                    Tự động lưu trên máy
                  </Text>
                </Group>
              </Group>
              {cart.lines.length === 0 && (
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
                  disabled={saving}
                  available={availableFor(stock?.get(line.variantId), warehouseId)}
                />
              ))}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md" style={{ position: 'sticky', top: 86 }}>
            {priced && <CartPromotions applied={priced.applied} gifts={priced.gifts} hints={priced.hints} />}
            <OrderTotalsCard totals={totals} vatOn={vatOn} />
            <ApprovalNotice reason={approvalReason} />
            {creditCheck && customer && priced
              ? creditCheck({
                  customerId: customer.id,
                  customerName: customer.name,
                  total: totals.total,
                  onVerdict,
                })
              : null}
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <OrderTypeField
                  types={orderTypes ?? []}
                  value={cart.orderTypeId ?? null}
                  onChange={(orderTypeId) => update((current) => ({ ...current, orderTypeId }))}
                  disabled={saving}
                />
                <DateInput
                  label="Ngày giao hàng"
                  placeholder={DISPLAY_DATE_FORMAT}
                  valueFormat={DISPLAY_DATE_FORMAT}
                  dateParser={(text) => parseDisplayDate(text)}
                  locale="vi"
                  minDate={today}
                  clearable
                  leftSection={<IconCalendar size={16} />}
                  value={cart.deliveryDate}
                  onChange={(value) => update((current) => ({ ...current, deliveryDate: value }))}
                  disabled={saving}
                  popoverProps={{ withinPortal: true }}
                  data-testid="delivery-date"
                />
                <NoteField
                  label="Ghi chú"
                  placeholder="Ghi chú cho đơn hàng, giao hàng…"
                  maxLength={1000}
                  value={cart.note}
                  onChange={(note) => update((current) => ({ ...current, note }))}
                  disabled={saving}
                  data-testid="order-note"
                />
              </Stack>
            </Card>
            <Group visibleFrom="sm" justify="space-between">
              {dirty ? (
                <Button variant="default" color="red" onClick={() => void clearAll()} disabled={saving}>
                  Xóa đơn
                </Button>
              ) : (
                <span />
              )}
              <Button
                size="md"
                leftSection={<IconSend size={18} />}
                onClick={() => void submit()}
                loading={saving}
                disabled={!priced || problem !== null}
                data-testid="submit-order"
              >
                {submitLabel}
              </Button>
            </Group>
            <SubmitProblem problem={shownProblem} visibleFrom="sm" />
          </Stack>
        </Grid.Col>
      </Grid>
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
            <MoneyText value={totals.total} fw={700} size="lg" c="teal.8" />
          </div>
          <Button
            size="md"
            leftSection={<IconSend size={18} />}
            onClick={() => void submit()}
            loading={saving}
            disabled={!priced || problem !== null}
            data-testid="submit-order"
          >
            {submitLabel}
          </Button>
        </Group>
        <SubmitProblem problem={shownProblem} />
      </Card>
    </Box>
  );
}
