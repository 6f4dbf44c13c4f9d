/**
 * The state behind /order/create (order-create-view.tsx): the cart stored in Dexie, its prices, the
 * credit verdict about the customer on screen, why the order cannot go yet, and sending it.
 */
import { useCallback, useEffect, useRef, useState, useTransition, type TransitionStartFunction } from 'react';
import type { FeatureFlags } from '@contract/company-switches';
import type { DiscountLimit } from '@contract/orders-discount';
import type { CreditVerdict } from '@contract/receivables-ledger';
import type { LineDiscount } from '@contract/orders-totals';
import { vietnamDay } from '@contract/price-policy';
import { useActiveWarehouse } from '@/session/active-warehouse';
import { useHeaderActions } from '@/ui/header-actions';
import type { AppDb, CartRow, LocalCustomer, LocalOrder, LocalOrderType, LocalVariant } from '@/db/app-db';
import { openConfirm } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { addLine, emptyCart, isCartDirty, removeLine, setCartCustomer, setLineUnit, syncLinePrices, updateLine } from '../model/cart';
import { cartApprovalReason, lineProblem, priceOf, type PricedCart } from '../model/cart-pricing';
import { CartAlreadySent, CartProblem, discardRefusedOrder, submitCart } from '../model/submit-order';
import type { LineHandlers } from './cart-line-card';
import type { OpenVisitHint } from './customer-section';
import { useLocalOrder, useStockLevels, useUsableOrderTypes } from '../api/device-orders';
import { effectiveOrderType } from './order-type-field';
import { useCartPricing, type CartPricingState } from '../api/use-cart-pricing';
import { useCartStore, type CartStore } from './use-cart-store';

export type Seller = { companyId: number; accountId: number; accountName: string };

export const CLEAR_CONFIRMATION = 'Xóa toàn bộ đơn hàng đang tạo? Khách hàng và các sản phẩm đã chọn sẽ bị bỏ.';
export const discardConfirmation = (localNo: string) => `Xóa đơn ${localNo} đang sửa? Đơn bị từ chối này sẽ được bỏ và không gửi lại.`;
/** The reason kept with a refused order set aside by clearing the cart it was being fixed in. */
const CLEARED_WHILE_FIXING = 'Xóa khi đang sửa đơn';

export type OrderCreateInput = {
  db: AppDb;
  seller: Seller;
  flags: FeatureFlags;
  visit: OpenVisitHint;
  onDirtyChange?: (dirty: boolean) => void;
  onSubmitted: (order: LocalOrder) => void;
  onAlreadySent?: () => void;
  discountLimit: DiscountLimit | null;
};

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

/** Why the cart cannot be sent yet (the customer, the lines, the delivery date, then the credit check), or null. */
function cartProblem(
  cart: CartRow,
  priced: PricedCart | null,
  customer: LocalCustomer | null | undefined,
  verdict: CreditVerdict | null,
): string | null {
  const brokenLine = priced?.lines.find((line) => lineProblem(line));
  return (
    problemOf(
      customer,
      cart.lines.length,
      brokenLine ? `${brokenLine.variant?.product_name ?? 'Một sản phẩm'}: ${lineProblem(brokenLine)}` : null,
      cart.deliveryDate,
    ) ?? (verdict?.decision === 'block' ? 'khách hàng vượt hạn mức công nợ' : null)
  );
}

/** The credit check's verdict, kept with the customer it was about. */
function useCreditVerdict(customer: LocalCustomer | null | undefined) {
  const [credit, setCredit] = useState<{ customerId: string; verdict: CreditVerdict } | null>(null);
  const customerKey = customer?.id ?? null;
  const onVerdict = useCallback(
    (next: CreditVerdict) => {
      if (customerKey) setCredit({ customerId: customerKey, verdict: next });
    },
    [customerKey],
  );
  // The verdict of the customer on the screen (a verdict about the previous one does not count).
  const verdict = credit && customer && credit.customerId === customer.id ? credit.verdict : null;
  return { verdict, onVerdict };
}

/**
 * "Xóa đơn": asks first, then starts an empty cart; offered in the header while the cart holds
 * something. A refused order being fixed in the cart is set aside with it, so it stops asking for
 * attention (it would otherwise stay refused on the device for good).
 */
function useClearCart(db: AppDb, store: CartStore, fixing: LocalOrder | null | undefined, seller: Seller, dirty: boolean) {
  const { companyId, accountId } = seller;
  async function clearAll() {
    const refused = fixing?.syncState === 'rejected' ? fixing : null;
    const message = refused ? discardConfirmation(refused.local_no) : CLEAR_CONFIRMATION;
    if (!(await openConfirm({ message, icon: 'warning' }))) return;
    if (!refused) return store.update(() => emptyCart(companyId, accountId));
    await store.flush();
    store.close();
    try {
      await discardRefusedOrder(db, refused, CLEARED_WHILE_FIXING);
      toast.success(`Đã bỏ đơn ${refused.local_no}`);
    } finally {
      await store.reload();
      store.open();
    }
  }
  useHeaderActions(dirty ? [{ key: 'clear-cart', label: 'Xóa đơn đang tạo', danger: true, onClick: () => void clearAll() }] : []);
  return clearAll;
}

/** The edits the screen makes to the cart: its lines, a product added, the customer picked. */
function cartEdits(update: CartStore['update'], pricing: CartPricingState, visit: OpenVisitHint, startDrawing: TransitionStartFunction) {
  const handlers: LineHandlers = {
    onQuantity: (lineId, quantity) => update((current) => updateLine(current, lineId, { quantity })),
    onUnit: (lineId, unit) => update((current) => setLineUnit(current, lineId, unit)),
    onDiscount: (lineId, discount: LineDiscount | null) => update((current) => updateLine(current, lineId, { discount })),
    onRemove: (lineId) => update((current) => removeLine(current, lineId)),
  };

  /** A unit of a variant (the product adder, a scan), or a suggested line's quantity (order-suggestions.tsx). */
  function add(variant: LocalVariant, unit: string, quantity = 1) {
    const unitPrice = pricing.pricing
      ? priceOf(variant, unit, pricing.pricing).price
      : (variant.units.find((candidate) => candidate.unit === unit)?.price ?? 0);
    // Drawn as a transition: the cart with its promotions took 190–440 ms of the tap at 4x CPU, and
    // the tap's own feedback (the search box emptied) should not wait for it. The cart is stored at
    // once (use-device-draft.ts); a "Gửi đơn" tapped meanwhile waits for the drawing (useCartSubmit).
    startDrawing(() => {
      pricing.remember(variant);
      update((current) => addLine(current, { variantId: variant.id, unit, quantity, unitPrice, discount: null }));
    });
  }

  function pickCustomer(picked: LocalCustomer) {
    const visitId = visit && visit.customerId === picked.id ? visit.id : null;
    update((current) => setCartCustomer(current, picked.id, visitId));
  }

  return { handlers, add, pickCustomer };
}

type SubmitInput = Pick<OrderCreateInput, 'db' | 'seller' | 'discountLimit' | 'onSubmitted' | 'onAlreadySent'> & {
  store: CartStore;
  vatOn: boolean;
  warehouseId: number | null;
  orderType: LocalOrderType | null;
  customer: LocalCustomer | null | undefined;
  priced: PricedCart | null;
  verdict: CreditVerdict | null;
  problem: string | null;
  /** A line just added is still being drawn: the cart on screen is not yet the cart to send. */
  drawing: boolean;
};

/** "Gửi đơn": writes the order and its op on the device once, or says why not. */
function useCartSubmit(input: SubmitInput) {
  const {
    db,
    seller,
    discountLimit,
    onSubmitted,
    onAlreadySent,
    store,
    vatOn,
    warehouseId,
    orderType,
    customer,
    priced,
    verdict,
    problem,
    drawing,
  } = input;
  const [saving, setSaving] = useState(false);
  const submitting = useRef(false);
  const waiting = useRef(false);
  const { cart } = store;

  // Sent once the line being drawn is in the cart on screen (its prices, promotions and verdict).
  useEffect(() => {
    if (!drawing && waiting.current) void submit();
  });

  async function submit() {
    if (drawing) {
      waiting.current = true;
      setSaving(true);
      return;
    }
    waiting.current = false;
    if (submitting.current) return;
    if (!cart || !priced || problem || !customer) {
      setSaving(false);
      if (cart && priced) toast.error(problem ?? 'Vui lòng chọn khách hàng');
      return;
    }
    submitting.current = true;
    setSaving(true);
    try {
      await store.flush();
      store.close();
      const chosen = { ...cart, orderTypeId: orderType?.id ?? null };
      const creditWarning = verdict?.decision === 'warn' ? verdict.reasons.join('; ') : null;
      const order = await submitCart(
        db,
        { ...seller, vatOn, warehouseId, discountLimit },
        chosen,
        customer,
        priced,
        undefined,
        creditWarning,
      );
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

  return { saving, submit };
}

export function useOrderCreate({ db, seller, flags, visit, onDirtyChange, onSubmitted, onAlreadySent, discountLimit }: OrderCreateInput) {
  const { companyId, accountId } = seller;
  const warehouseId = useActiveWarehouse(companyId, accountId);
  const store = useCartStore(db, companyId, accountId);
  const { cart, update } = store;
  const orderTypes = useUsableOrderTypes(db, companyId, accountId, flags);
  const orderType = effectiveOrderType(orderTypes ?? [], cart?.orderTypeId);
  const pricing = useCartPricing(db, companyId, cart, flags, orderType?.wholesale === true);
  const { priced, customer } = pricing;
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

  const [drawing, startDrawing] = useTransition();
  const { verdict, onVerdict } = useCreditVerdict(customer);
  const fixing = useLocalOrder(db, cart?.orderId);
  const stock = useStockLevels(
    db,
    (cart?.lines ?? []).map((line) => line.variantId),
  );
  const clearAll = useClearCart(db, store, fixing, seller, dirty);
  const problem = cart ? cartProblem(cart, priced, customer, verdict) : null;
  const { saving, submit } = useCartSubmit({
    db,
    seller,
    discountLimit,
    onSubmitted,
    onAlreadySent,
    store,
    vatOn,
    warehouseId,
    orderType,
    customer,
    priced,
    verdict,
    problem,
    drawing,
  });

  return {
    cart,
    saved: store.saved,
    update,
    warehouseId,
    orderTypes,
    pricing,
    vatOn,
    dirty,
    onVerdict,
    fixing,
    stock,
    clearAll,
    problem,
    // Said beside "Gửi đơn" once the cart is priced (not while the customer is still being read).
    shownProblem: priced || !cart?.customerId ? problem : null,
    approvalReason: priced ? cartApprovalReason(priced.lines, discountLimit) : null,
    saving,
    submit,
    ...cartEdits(update, pricing, visit, startDrawing),
  };
}
