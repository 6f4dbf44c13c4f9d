/**
 * The checks of order.submit (order-submit.ts), one rule each, in the order the pipeline runs them:
 * the ones that can refuse at once (a product gone, nothing in stock) throw OpRejection; the rest
 * return what they found, and orderVerdict decides from all of it, so one answer names every change.
 * The pure ones are tested alone (order-submit-steps.test.ts).
 */
import type { OrderLineInput } from '@contract/orders';
import { drugFactsOf, type BuyerLicence } from '@contract/pharma';
import { baseUnit, effectivePrice, findUnit, type EffectivePrice } from '@contract/price-policy';
import type { VariantRecord, VariantUnit } from '@contract/products';
import type { EngineCustomer, EngineLine } from '@contract/promotions-engine';
import type { GiftLine } from '@contract/promotions-grants';
import type { OpChange } from '@contract/sync';
import { formatMoney, groupDigits } from '@contract/money';
import type { CallerAccess } from '@server/kernel/membership';
import { OpRejection, type OpContext } from '@server/kernel/sync/op-context';
import { reachOf, requireReach } from '@server/modules/roles';
import { variantRecordsById } from '@server/modules/products';
import { lockStock } from '@server/modules/warehouse';
import type { SaleLine } from '@server/modules/pharma';
import { giftGoodsOf, giftVariantIds, promotedCart, promotionsForOrder } from '@server/modules/promotions';
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
  return { index, label, drug: drugFactsOf(variant) };
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
 * dropped when nothing is left, and says so; an order of nothing is refused, naming with it any
 * price raised (`raised`, so one answer names all). `stock` holds base units
 * of the variants the warehouse keeps (lockStock); a variant it does not keep is never short.
 * `left` is what stays for the gifts (checkGiftStock).
 */
export function checkStock(priced: readonly RepricedLine[], stock: ReadonlyMap<number, number>, raised: readonly OpChange[] = []) {
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
  if (accepted.length === 0) {
    const prices = raised.length ? ` Giá đã thay đổi: ${raised.map((change) => change.message).join('; ')}.` : '';
    throw new OpRejection(
      'STOCK_INSUFFICIENT',
      `Không đủ hàng cho đơn này: ${shortages.map((change) => change.message).join('; ')}.${prices}`,
      undefined,
      [...raised, ...shortages],
    );
  }
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
 * budgets locked (promotedCart). `goods` are the order's variants and every gift a programme may give.
 */
export async function applyOrderPromotions(
  { tx, companyId, now }: OpContext,
  order: {
    customer: OrderCustomer;
    pricing: PricingContext;
    variants: ReadonlyMap<number, VariantRecord>;
    accepted: readonly RepricedLine[];
  },
) {
  const { customer, pricing, variants } = order;
  const offers = await promotionsForOrder(tx, companyId, customer.id, pricing.day);
  const giftIds = giftVariantIds(offers.programmes).filter((id) => !variants.has(id));
  const goods = new Map([...variants, ...(await variantRecordsById(tx, companyId, giftIds))]);
  const { cart, programmes } = await promotedCart(tx, companyId, customer.id, offers, {
    lines: order.accepted.map(engineLine),
    customer: engineCustomer(customer),
    vatOn: pricing.vatOn,
    at: now,
    gifts: giftGoodsOf(goods),
  });
  return { cart, programmes, goods };
}

/** What the server found that differs from what the phone sent (each from → to), gathered before deciding. */
export type OrderFindings = {
  /** Prices raised since the phone priced the cart (priceLines). */
  raised: readonly OpChange[];
  /** Paid lines the stock cut (checkStock) and gifts it gives less of (checkGiftStock). */
  shortages: readonly OpChange[];
  /** Programmes, discounts and gifts the promotions give less of than the phone promised (promotionLosses). */
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
 * One answer naming everything that changed, with the old and new totals (a refusal that
 * named only the price would let a gift vanish unsaid). The order is refused, for the rep to confirm and
 * send again, when a price rose, when the credit policy blocks it, or when the promotions give less
 * for the same goods; a refusal names all of these and the stock cuts with them. Otherwise it is
 * taken: a stock cut (and a tier or gift it cost) is applied with every change and the new total.
 */
export function orderVerdict(found: OrderFindings): OrderVerdict {
  const { raised, shortages, lost, creditRefusal, quotedTotal, total } = found;
  const totalChange: OpChange[] =
    total === quotedTotal
      ? []
      : [{ field: 'total', from: quotedTotal, to: total, message: `Tổng tiền từ ${formatMoney(quotedTotal)} thành ${formatMoney(total)}` }];
  const credit: OpChange[] = creditRefusal ? [{ field: 'credit', from: null, to: null, message: creditRefusal }] : [];
  const promotionsRefuse = lost.length > 0 && shortages.length === 0;
  if (raised.length || credit.length || promotionsRefuse) {
    const code = raised.length ? 'PRICE_CHANGED' : promotionsRefuse ? 'PROMOTION_CHANGED' : 'CREDIT_LIMIT_EXCEEDED';
    const parts = [
      sentence('Giá đã thay đổi', raised),
      sentence('Không đủ hàng', shortages),
      sentence('Khuyến mại đã thay đổi', lost),
      creditRefusal ? `Không thể đặt hàng: ${creditRefusal}.` : '',
      totalChange[0] ? `${totalChange[0].message}.` : '',
      raised.length || promotionsRefuse ? 'Vui lòng xác nhận với khách hàng và gửi lại.' : '',
    ];
    throw new OpRejection(code, parts.filter(Boolean).join(' '), undefined, [...raised, ...shortages, ...lost, ...credit, ...totalChange]);
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
