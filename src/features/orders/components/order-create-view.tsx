/**
 * /order/create: taking an order at the pharmacy, the same with or without signal. The order being
 * taken is the cart in Dexie (every change saved at once); prices come from the device's price
 * policies for this customer; "Gửi đơn" writes the order and its `order.submit` op in one local
 * transaction and the sync engine sends it when it can.
 */
import { Box, Button, Card, Grid, Group, Stack } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import type { FeatureFlags } from '@contract/company-switches';
import type { DiscountLimit } from '@contract/orders-discount';
import type { CreditVerdict } from '@contract/receivables-ledger';
import type { AppDb, LocalOrder } from '@/db/app-db';
import { CustomerSection, type OpenVisitHint } from './customer-section';
import { CartPromotions } from './cart-promotions';
import { ApprovalNotice, SubmitProblem } from './cart-submit-notes';
import { OrderSuggestions } from './order-suggestions';
import { OrderTotalsCard } from './order-totals-card';
import { ProductAdder } from './product-adder';
import { CartLines, FixingOrderAlert, OrderFieldsCard, SubmitBar, SubmitButton } from './order-create-parts';
import { useOrderCreate, type Seller } from './use-order-create';

export { CLEAR_CONFIRMATION, type Seller } from './use-order-create';

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
  creditCheck?: (input: {
    customerId: string;
    customerName: string;
    total: number;
    onVerdict: (verdict: CreditVerdict) => void;
  }) => ReactNode;
};

/** The toast after "Gửi đơn": sent at once, or saved and queued. */
export const SENT_ONLINE = 'Đã gửi đơn hàng';
export const SAVED_OFFLINE = 'Đã lưu đơn hàng, đang chờ đồng bộ';

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
  const screen = useOrderCreate({ db, seller, flags, visit, onDirtyChange, onSubmitted, onAlreadySent, discountLimit });
  const { cart, pricing, saving, warehouseId, vatOn } = screen;
  // What is under the customer is drawn once the customer, or the list to pick one from, is, and
  // stays: drawn before, it moved down under the rep's thumb as they arrived (a layout shift of 0.1–0.4).
  const [choicesRead, setChoicesRead] = useState(false);
  const onChoicesRead = useCallback(() => setChoicesRead(true), []);
  const [drawnOnce, setDrawnOnce] = useState(false);
  const arrived = cart !== null && (cart.customerId ? pricing.customer !== undefined : choicesRead);
  if (arrived && !drawnOnce) setDrawnOnce(true);
  const settled = drawnOnce || arrived;
  if (!cart) return null;

  const { priced, customer } = pricing;
  const totals = priced?.totals ?? { subtotal: 0, promotion: 0, discount: 0, net: 0, vat: 0, total: 0, lineCount: 0 };
  const button = {
    label: cart.orderId ? 'Gửi lại đơn' : 'Gửi đơn',
    saving,
    disabled: !priced || screen.problem !== null,
    onSubmit: () => void screen.submit(),
  };

  return (
    <Box data-testid="order-create">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            {screen.fixing && <FixingOrderAlert fixing={screen.fixing} submitLabel={button.label} />}
            <CustomerSection
              db={db}
              companyId={seller.companyId}
              accountId={seller.accountId}
              customerId={cart.customerId}
              customer={customer}
              typeName={pricing.customerType}
              levelName={pricing.customerLevel}
              wholesale={pricing.wholesale}
              visit={visit}
              linkedVisit={cart.visitId !== null}
              disabled={saving}
              onPick={screen.pickCustomer}
              onChoicesRead={onChoicesRead}
            />
            {settled && (
              <>
                {/* The search first: the suggestions, read once the customer is picked, arrive below
                    it. Above it they pushed the field down a screen's height (under the bottom bars on
                    a phone) while the rep, who had already tapped it, typed without seeing the text. */}
                <Card withBorder radius="md" padding="md">
                  <ProductAdder
                    db={db}
                    companyId={seller.companyId}
                    warehouseId={warehouseId}
                    pricing={pricing.pricing}
                    disabled={saving}
                    onAdd={screen.add}
                  />
                </Card>
                <OrderSuggestions
                  db={db}
                  companyId={seller.companyId}
                  customerId={cart.customerId}
                  openAtFirst={cart.lines.length === 0}
                  disabled={saving}
                  onAdd={screen.add}
                />
                <CartLines
                  lineCount={cart.lines.length}
                  saved={screen.saved}
                  priced={priced}
                  vatOn={vatOn}
                  handlers={screen.handlers}
                  disabled={saving}
                  stock={screen.stock}
                  warehouseId={warehouseId}
                />
              </>
            )}
          </Stack>
        </Grid.Col>
        {settled && (
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Stack gap="md" style={{ position: 'sticky', top: 86 }}>
              {priced && <CartPromotions applied={priced.applied} gifts={priced.gifts} hints={priced.hints} />}
              <OrderTotalsCard totals={totals} vatOn={vatOn} />
              <ApprovalNotice reason={screen.approvalReason} />
              {creditCheck && customer && priced
                ? creditCheck({
                    customerId: customer.id,
                    customerName: customer.name,
                    total: totals.total,
                    onVerdict: screen.onVerdict,
                  })
                : null}
              <OrderFieldsCard types={screen.orderTypes ?? []} cart={cart} update={screen.update} disabled={saving} />
              <Group visibleFrom="sm" justify="space-between">
                {screen.dirty ? (
                  <Button variant="default" color="red" onClick={() => void screen.clearAll()} disabled={saving}>
                    Xóa đơn
                  </Button>
                ) : (
                  <span />
                )}
                <SubmitButton {...button} />
              </Group>
              <SubmitProblem problem={screen.shownProblem} visibleFrom="sm" />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
      <SubmitBar {...button} total={totals.total} problem={screen.shownProblem} />
    </Box>
  );
}
