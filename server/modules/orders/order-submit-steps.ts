/**
 * The checks of order.submit (order-submit.ts), one rule each, in the order the pipeline runs them:
 * the ones that can refuse at once (a customer or a product gone, a unit unknown) throw OpRejection;
 * the rest return what they found, and orderVerdict decides from all of it, so one answer names
 * every change (the phone reads its `changes` and message: src/features/orders/model/order-state.ts
 * describeChanges). The pure ones are tested alone (order-submit-steps.test.ts).
 */
import type { OrderLineInput } from '@contract/orders';
import { drugFactsOf, PHARMA_REFUSED, type BuyerLicence } from '@contract/pharma';
import { baseUnit, effectivePrice, findUnit, type EffectivePrice } from '@contract/price-policy';
import type { VariantRecord, VariantUnit } from '@contract/products';
import { applyPromotions, type EngineCustomer, type EngineLine, type PricedCart } from '@contract/promotions-engine';
import type { GiftLine } from '@contract/promotions-grants';
import type { OpChange } from '@contract/sync';
import { formatMoney, groupDigits } from '@contract/money';
import type { CallerAccess } from '@server/kernel/membership';
import { OpRejection, type OpContext } from '@server/kernel/sync/op-context';
import { reachOf, requireReach } from '@server/modules/roles';
import { variantRecordsById } from '@server/modules/products';
import { lockStock } from '@server/modules/warehouse';
import type { PharmaRefusal, SaleLine } from '@server/modules/pharma';
import {
  giftGoodsOf,
  giftVariantIds,
  promotedCart,
  promotionsForOrder,
  type LossFacts,
  type PromotionQuote,
} from '@server/modules/promotions';
import type { orderFacts } from './order-facts';
import type { PricingContext } from './order-pricing';

/** The order's customer as read with the order's facts (orderFacts): none when the company has no such id. */
export type FoundCustomer = Awaited<ReturnType<typeof orderFacts>>['found'];
export type OrderCustomer = NonNullable<FoundCustomer>['customer'];

/**
 * Whose customer it is, before anything of it is answered: without it any rep could order for any
 * customer of the company by its id, and read its name, phone and address in the answer. A customer
 * outside the caller's data scope is refused unless their role sells off route, which the order
 * records (server/modules/roles requireReach); then an inactive customer is refused by name.
 */
export function reachOrderCustomer(access: CallerAccess, found: FoundCustomer) {
  const { offRoute } = requireReach(reachOf(access, found?.inScope), 'Không tìm thấy khách hàng của đơn hàng');
  const { customer, groupWholesale } = found!;
  if (customer.status !== 'active') throw new OpRejection('CUSTOMER_INACTIVE', `Khách hàng ${customer.name} đã ngừng hoạt động`);
  return { customer, groupWholesale, offRoute };
}

/** The customer's licence as the pharma rules read it (contract/pharma.ts). */
export function buyerLicence(customer: OrderCustomer): BuyerLicence {
  return {
    kind: customer.kind,
    licence_number: customer.licenceNumber,
    gpp_expiry: customer.gppExpiry,
    controlled_scope: customer.controlledScope,
  };
}

/** A priced line as the pharma rules read it: its label and the drug master's facts. */
export function saleLine({ index, label, variant }: RepricedLine): SaleLine {
  return { index, label, variantId: variant.id, drug: drugFactsOf(variant) };
}

/** A payload line with the catalogue's variant, its unit and the server's price for it. */
export type RepricedLine = {
  line: OrderLineInput;
  /** The line's index in the payload: the field a refusal or a change names. */
  index: number;
  variant: VariantRecord;
  unit: VariantUnit;
  price: EffectivePrice;
  /** "Product – variant", as messages name it. */
  label: string;
};

/** One line's variant and unit, refused when the catalogue no longer sells them, priced by the shared function. */
function priceLine(line: OrderLineInput, index: number, variant: VariantRecord | undefined, pricing: PricingContext): RepricedLine {
  if (!variant)
    throw new OpRejection('PRODUCT_NOT_FOUND', 'Có sản phẩm không còn trong danh mục', {
      [`lines.${index}.variantId`]: 'Sản phẩm không tồn tại',
    });
  const label = [variant.product_name, variant.name].filter(Boolean).join(' – ');
  if (!variant.is_active)
    throw new OpRejection('PRODUCT_INACTIVE', `Sản phẩm ${label} đã ngừng kinh doanh, vui lòng bỏ khỏi đơn`, {
      [`lines.${index}.variantId`]: 'Sản phẩm ngừng kinh doanh',
    });
  const unit = findUnit(variant.units, line.unit);
  if (!unit)
    throw new OpRejection('UNIT_NOT_FOUND', `Sản phẩm ${label} không bán theo đơn vị "${line.unit}"`, {
      [`lines.${index}.unit`]: 'Đơn vị tính không hợp lệ',
    });
  const price = effectivePrice({
    variantId: variant.id,
    units: variant.units,
    unit: unit.unit,
    customer: pricing.customer,
    policies: pricing.policies,
    features: pricing.features,
    day: pricing.day,
  });
  return { line, index, variant, unit, price, label };
}

/**
 * The server re-prices every line with the function the phone used (docs/offline-sync.md
 * "Conflicts: the server decides"): the same or a lower price is taken (the server's); a higher one
 * is `raised` (from, to), which refuses the order for the rep to confirm, together with whatever
 * else changed (orderVerdict). A line the catalogue no longer sells is refused at once, by its index.
 */
export function priceLines(
  lines: readonly OrderLineInput[],
  variants: ReadonlyMap<number, VariantRecord>,
  pricing: PricingContext,
): { priced: RepricedLine[]; raised: OpChange[] } {
  const priced = lines.map((line, index) => priceLine(line, index, variants.get(line.variantId), pricing));
  const raised: OpChange[] = priced
    .filter((entry) => entry.price.price > entry.line.quotedUnitPrice)
    .map(({ line, index, unit, price, label }) => ({
      field: `lines.${index}.unitPrice`,
      from: line.quotedUnitPrice,
      to: price.price,
      message: `Giá ${label} (${unit.unit}) đã tăng từ ${formatMoney(line.quotedUnitPrice)} lên ${formatMoney(price.price)}`,
    }));
  return { priced, raised };
}

/**
 * Stock, in line order: a line gets what the warehouse has left of its variant (whole units), is
 * dropped when nothing is left, and says so; an order of nothing is refused by orderVerdict, with
 * whatever else changed. `stock` holds base units of the variants the warehouse keeps (lockStock);
 * a variant it does not keep is never short. `left` is what stays for the gifts (checkGiftStock).
 */
export function checkStock(priced: readonly RepricedLine[], stock: ReadonlyMap<number, number>) {
  const left = new Map(stock);
  const shortages: OpChange[] = [];
  const accepted = priced.flatMap((entry) => {
    const available = left.get(entry.variant.id);
    if (available === undefined) return [entry];
    const fits = Math.max(0, Math.floor(available / entry.unit.factor));
    const quantity = Math.min(entry.line.quantity, fits);
    left.set(entry.variant.id, available - quantity * entry.unit.factor);
    if (quantity < entry.line.quantity) {
      shortages.push({
        field: `lines.${entry.index}.quantity`,
        from: entry.line.quantity,
        to: quantity,
        message:
          quantity === 0
            ? `${entry.label} đã hết hàng, đã bỏ khỏi đơn`
            : `${entry.label} chỉ còn ${groupDigits(quantity)} ${entry.unit.unit}, đã giảm từ ${groupDigits(entry.line.quantity)} xuống ${groupDigits(quantity)}`,
      });
    }
    return quantity > 0 ? [{ ...entry, line: { ...entry.line, quantity } }] : [];
  });
  return { accepted, shortages, left };
}

/** A line the stock accepted as the promotions engine reads it. */
function engineLine({ line, variant, unit, price, label }: RepricedLine): EngineLine {
  return {
    line_id: line.lineId,
    variant_id: variant.id,
    category_id: variant.category_id,
    brand_id: variant.brand_id,
    is_medicine: variant.is_medicine,
    label,
    base_unit: baseUnit(variant.units).unit,
    unit: unit.unit,
    factor: unit.factor,
    quantity: line.quantity,
    unit_price: price.price,
    vat_rate: variant.vat_rate,
    discount: line.discount,
  };
}

function engineCustomer(customer: OrderCustomer): EngineCustomer {
  return {
    customer_type_id: customer.customerTypeId,
    level_id: customer.levelId,
    province_code: customer.provinceCode,
    drug_business: customer.drugBusiness,
  };
}

/**
 * Promotions: the engine the phone ran, on what the stock accepted (docs/promotions.md), with the
 * budgets locked (promotedCart). `goods` are the order's variants, every gift a programme may give
 * and the gifts the phone promised. `facts` are what promotionLosses words the losses with, among
 * them the cart as the phone priced it (every line as sent, at its quoted price), run only if asked.
 */
export async function applyOrderPromotions(
  { tx, companyId, now }: OpContext,
  order: {
    customer: OrderCustomer;
    pricing: PricingContext;
    variants: ReadonlyMap<number, VariantRecord>;
    priced: readonly RepricedLine[];
    accepted: readonly RepricedLine[];
    quote: PromotionQuote;
  },
) {
  const { customer, pricing, variants } = order;
  const offers = await promotionsForOrder(tx, companyId, customer.id, pricing.day);
  const quoted = order.quote?.gifts.map((gift) => gift.variantId) ?? [];
  const giftIds = [...new Set([...giftVariantIds(offers.programmes), ...quoted])].filter((id) => !variants.has(id));
  const goods = new Map([...variants, ...(await variantRecordsById(tx, companyId, giftIds))]);
  const input = { customer: engineCustomer(customer), vatOn: pricing.vatOn, at: now, gifts: giftGoodsOf(goods) };
  const { cart, programmes } = await promotedCart(tx, companyId, customer.id, offers, { ...input, lines: order.accepted.map(engineLine) });
  let promised: PricedCart | undefined;
  const facts: LossFacts = {
    customer: input.customer,
    programmes: offers.programmes,
    goods,
    promised: () =>
      (promised ??= applyPromotions({ ...input, lines: order.priced.map(quotedLine), programmes: offers.programmes, usage: offers.usage })),
  };
  return { cart, programmes, goods, facts };
}

/** A line as the phone sent it, at the price it quoted, as the engine reads it. */
function quotedLine(entry: RepricedLine): EngineLine {
  return engineLine({ ...entry, price: { ...entry.price, price: entry.line.quotedUnitPrice } });
}

/** What the server found that differs from what the phone sent (each from → to), gathered before deciding. */
export type OrderFindings = {
  /** Lines the company's pharma rules block for this customer (checkPharmaSale), or null. */
  pharma: PharmaRefusal | null;
  /** Prices raised since the phone priced the cart (priceLines). */
  raised: readonly OpChange[];
  /** Paid lines the stock cut (checkStock) and gifts it gives less of (checkGiftStock). */
  shortages: readonly OpChange[];
  /** Nothing of the order's goods is left (checkStock accepted no line). */
  nothingLeft: boolean;
  /** Programmes, tiers, discounts and gifts the promotions give less of than the phone promised (promotionLosses). */
  lost: readonly OpChange[];
  /** Over the credit limit with the company's policy at block: the reason. */
  creditRefusal: string | null;
  quotedTotal: number;
  total: number;
};

export type OrderVerdict = { outcome: 'applied' | 'applied_with_changes'; changes: OpChange[] };

const sentence = (title: string, changes: readonly OpChange[]) =>
  changes.length ? `${title}: ${changes.map((change) => change.message).join('; ')}.` : '';

/**
 * The order is refused, for the rep to act and send again, when the pharma rules block a line,
 * when nothing of it is in stock, when a price rose, when the credit policy blocks it, or when the
 * promotions give less for the same goods; a refusal names all of these and the stock cuts with
 * them, and its code is the first that holds in that order (PHARMA_RULE, STOCK_INSUFFICIENT,
 * PRICE_CHANGED, PROMOTION_CHANGED, CREDIT_LIMIT_EXCEEDED). Otherwise it is taken: a stock cut (and
 * a tier or gift it cost) is applied with every change and the new total.
 */
export function orderVerdict(found: OrderFindings): OrderVerdict {
  const { pharma, raised, shortages, nothingLeft, lost, creditRefusal, quotedTotal, total } = found;
  const totalChange: OpChange[] =
    total === quotedTotal
      ? []
      : [{ field: 'total', from: quotedTotal, to: total, message: `Tổng tiền từ ${formatMoney(quotedTotal)} thành ${formatMoney(total)}` }];
  const credit: OpChange[] = creditRefusal ? [{ field: 'credit', from: null, to: null, message: creditRefusal }] : [];
  const promotionsRefuse = lost.length > 0 && shortages.length === 0;
  const code = pharma
    ? PHARMA_REFUSED
    : nothingLeft
      ? 'STOCK_INSUFFICIENT'
      : raised.length
        ? 'PRICE_CHANGED'
        : promotionsRefuse
          ? 'PROMOTION_CHANGED'
          : credit.length
            ? 'CREDIT_LIMIT_EXCEEDED'
            : null;
  if (code) {
    const parts = [
      pharma?.reason ?? '',
      sentence('Giá đã thay đổi', raised),
      sentence(nothingLeft ? 'Không đủ hàng cho đơn này' : 'Không đủ hàng', shortages),
      sentence('Khuyến mại đã thay đổi', lost),
      creditRefusal ? `Không thể đặt hàng: ${creditRefusal}.` : '',
      totalChange[0] ? `${totalChange[0].message}.` : '',
      pharma?.fix ?? '',
      raised.length || promotionsRefuse ? 'Vui lòng xác nhận với khách hàng và gửi lại.' : '',
    ];
    throw new OpRejection(code, parts.filter(Boolean).join(' '), pharma?.fields, [
      ...(pharma?.changes ?? []),
      ...raised,
      ...shortages,
      ...lost,
      ...credit,
      ...totalChange,
    ]);
  }
  const changes = [...shortages, ...lost];
  return changes.length ? { outcome: 'applied_with_changes', changes: [...changes, ...totalChange] } : { outcome: 'applied', changes: [] };
}

/**
 * What the order's warehouse has left for the gifts: of the paid lines' variants, what `left` says
 * (checkStock); of the gifts' other variants, all it keeps, locked like the lines' (lockStock).
 */
export async function giftStockLeft(
  { tx, companyId }: OpContext,
  warehouseId: number,
  gifts: readonly GiftLine[],
  left: ReadonlyMap<number, number>,
): Promise<Map<number, number>> {
  const others = [...new Set(gifts.map((gift) => gift.variant_id))].filter((id) => !left.has(id));
  return new Map([...left, ...(await lockStock(tx, companyId, warehouseId, others))]);
}

/**
 * Gifts come from the order's warehouse after the paid lines: what it cannot give is given less, or
 * not at all, and said (never a refusal). `left`: base units left of each variant the warehouse keeps.
 */
export function checkGiftStock(gifts: readonly GiftLine[], left: ReadonlyMap<number, number>) {
  const remaining = new Map(left);
  const shortages: OpChange[] = [];
  const given = gifts.flatMap((gift) => {
    const available = remaining.get(gift.variant_id);
    const quantity = available === undefined ? gift.quantity : Math.max(0, Math.min(gift.quantity, available));
    if (available !== undefined) remaining.set(gift.variant_id, available - quantity);
    if (quantity < gift.quantity)
      shortages.push({
        field: `gifts.${gift.variant_id}`,
        from: gift.quantity,
        to: quantity,
        message: `Hàng tặng ${gift.label} chỉ còn ${groupDigits(quantity)} ${gift.base_unit}`,
      });
    return quantity > 0 ? [{ ...gift, quantity }] : [];
  });
  return { gifts: given, shortages };
}

/**
 * The phone's number is unique in the company; a clash can never resolve by retrying, so it is
 * refused, after the checks a rep can act on (priorOrder finds it).
 */
export function checkLocalNo(clash: boolean, localNo: string): void {
  if (clash)
    throw new OpRejection('LOCAL_NO_TAKEN', `Số đơn ${localNo} đã được dùng cho một đơn hàng khác`, {
      localNo: 'Số đơn đã được dùng',
    });
}
