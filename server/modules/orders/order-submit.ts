/**
 * order.submit: a rep's order, made on the phone (possibly offline), becomes the company's order.
 * The server re-prices every line with the shared pricing function (docs/offline-sync.md "Conflicts: the server decides"):
 * - the same or a lower price is applied (the order keeps the server's price);
 * - a higher price refuses the order with each raise (from, to), for the rep to confirm and send
 *   again;
 * - too little stock lowers the quantity to what is left (applied with changes), and refuses the
 *   order when nothing of it can be delivered;
 * - an inactive product or customer refuses it with a message naming it;
 * - a customer outside the rep's data scope refuses it, unless their role allows selling off route,
 *   and then the order records it (server/modules/roles reachCustomer, README "Decisions");
 * - an amount discount over its line refuses it; a discount over the role's maximum takes it as
 *   waiting for a manager's approval (order-discount.ts);
 * - an order type the rep may not use refuses it; none chosen gives the company's default, and a
 *   wholesale type prices at wholesale prices (order-types.ts).
 * The official code (DH000123) is given here; the phone's own number stays as `local_no`.
 */
import { eq, sql } from 'drizzle-orm';
import { formatAddress } from '@contract/address';
import { OFF_ROUTE_REASON, type OrderSubmitPayload } from '@contract/orders';
import { baseUnit, effectivePrice, findUnit } from '@contract/price-policy';
import type { OpChange } from '@contract/sync';
import { orderLines, orders, orderStatusHistory } from '@server/kernel/db/schema';
import { formatMoney } from '@contract/money';
import { addressOf } from '@server/modules/customers';
import { reachOf, requireReach } from '@server/modules/roles';
import { variantRecordsById } from '@server/modules/products';
import { recordChange } from '@server/kernel/sync/change-log';
import { OpRejection, type OpHandler } from '@server/kernel/sync/op-context';
import { orderFacts, priorOrder } from './order-facts';
import { orderRecordsById } from './order-record';
import { pricingContext } from './order-pricing';
import { checkRepDiscount } from './order-discount';
import { giveOrderCode } from './order-code';
import { resolveOrderType } from './order-types';
import { baseQuantities, changeReserved, lockStock, orderWarehouse } from '@server/modules/warehouse';
import { notifyDiscountApproval } from '@server/modules/notifications';
import { giftGoodsOf, giftVariantIds, promotedCart, promotionLosses, promotionsForOrder, recordUsage, releaseUsage } from '@server/modules/promotions';
import { checkOrderCredit, orderTaken } from '@server/modules/receivables';

export const submitOrder: OpHandler<OrderSubmitPayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  const { known, found } = await orderFacts(context, payload);
  const { kind, clash } = priorOrder(context, payload, known);

  // Whose customer it is, before anything of it is answered (issue 20: any rep could order for any
  // customer of the company by its id, and see its name, phone and address in the answer).
  const { offRoute } = requireReach(reachOf(context.access, found?.inScope), 'Không tìm thấy khách hàng của đơn hàng');
  const { customer, groupWholesale } = found!;
  if (customer.status !== 'active') throw new OpRejection('CUSTOMER_INACTIVE', `Khách hàng ${customer.name} đã ngừng hoạt động`);

  // The type the rep chose, if they may use it (a right taken away while they were offline counts).
  const orderType = await resolveOrderType(tx, companyId, accountId, payload.orderTypeId ?? null);
  const pricing = await pricingContext(
    tx,
    companyId,
    { customerTypeId: customer.customerTypeId, levelId: customer.levelId, wholesale: orderType.wholesale || groupWholesale === true },
    payload.lines.map((line) => line.variantId),
    context.now,
  );
  const variants = await variantRecordsById(
    tx,
    companyId,
    payload.lines.map((line) => line.variantId),
  );

  const raised: OpChange[] = [];
  const priced = payload.lines.map((line, index) => {
    const variant = variants.get(line.variantId);
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
    if (price.price > line.quotedUnitPrice) {
      raised.push({
        field: `lines.${index}.unitPrice`,
        from: line.quotedUnitPrice,
        to: price.price,
        message: `Giá ${label} (${unit.unit}) đã tăng từ ${formatMoney(line.quotedUnitPrice)} lên ${formatMoney(price.price)}`,
      });
    }
    return { line, index, variant, unit, price, label };
  });
  if (raised.length > 0) {
    throw new OpRejection(
      'PRICE_CHANGED',
      `Giá đã thay đổi: ${raised.map((change) => change.message).join('; ')}. Vui lòng xác nhận giá mới và gửi lại.`,
      undefined,
      raised,
    );
  }

  // Stock: lower what the order's warehouse cannot deliver, in line order.
  const warehouseId = await orderWarehouse(tx, companyId, payload.warehouseId);
  const stock = await lockStock(
    tx,
    companyId,
    warehouseId,
    priced.map((entry) => entry.variant.id),
  );
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
            : `${entry.label} chỉ còn ${quantity} ${entry.unit.unit}, đã giảm từ ${entry.line.quantity} xuống ${quantity}`,
      });
    }
    return quantity > 0 ? [{ ...entry, line: { ...entry.line, quantity } }] : [];
  });
  if (accepted.length === 0) {
    throw new OpRejection(
      'STOCK_INSUFFICIENT',
      `Không đủ hàng cho đơn này: ${shortages.map((change) => change.message).join('; ')}`,
      undefined,
      shortages,
    );
  }

  // Promotions: the engine the phone ran, on what the server accepted (docs/promotions.md).
  const offers = await promotionsForOrder(tx, companyId, customer.id, pricing.day);
  const giftIds = giftVariantIds(offers.programmes).filter((id) => !variants.has(id));
  const goods = new Map([...variants, ...(await variantRecordsById(tx, companyId, giftIds))]);
  const { cart, programmes } = await promotedCart(tx, companyId, customer.id, offers, {
    lines: accepted.map((entry) => ({
      line_id: entry.line.lineId,
      variant_id: entry.variant.id,
      category_id: entry.variant.category_id,
      brand_id: entry.variant.brand_id,
      is_medicine: entry.variant.is_medicine,
      label: entry.label,
      base_unit: baseUnit(entry.variant.units).unit,
      unit: entry.unit.unit,
      factor: entry.unit.factor,
      quantity: entry.line.quantity,
      unit_price: entry.price.price,
      vat_rate: entry.variant.vat_rate,
      discount: entry.line.discount,
    })),
    customer: {
      customer_type_id: customer.customerTypeId,
      level_id: customer.levelId,
      province_code: customer.provinceCode,
      drug_business: customer.drugBusiness,
    },
    vatOn: pricing.vatOn,
    at: context.now,
    gifts: giftGoodsOf(goods),
  });
  // Less than the phone promised, for the same goods: the rep confirms the new total first.
  if (shortages.length === 0) {
    const lost = await promotionLosses(tx, companyId, payload.promotion ?? null, cart);
    if (lost.length > 0) {
      const total = `Tổng tiền từ ${formatMoney(payload.quotedTotal)} thành ${formatMoney(cart.totals.total)}`;
      throw new OpRejection(
        'PROMOTION_CHANGED',
        `Khuyến mại đã thay đổi: ${lost.map((change) => change.message).join('; ')}. ${total}. Vui lòng xác nhận và gửi lại.`,
        undefined,
        [...lost, { field: 'total', from: payload.quotedTotal, to: cart.totals.total, message: total }],
      );
    }
  }
  // Gifts come from the order's warehouse: what it cannot give is given less.
  const giftStock = await lockStock(
    tx,
    companyId,
    warehouseId,
    [...new Set(cart.gifts.map((gift) => gift.variant_id))].filter((id) => !stock.has(id)),
  );
  for (const [id, available] of giftStock) left.set(id, available);
  const gifts = cart.gifts.flatMap((gift) => {
    const available = left.get(gift.variant_id);
    const quantity = available === undefined ? gift.quantity : Math.max(0, Math.min(gift.quantity, available));
    if (available !== undefined) left.set(gift.variant_id, available - quantity);
    if (quantity < gift.quantity)
      shortages.push({
        field: `gifts.${gift.variant_id}`,
        from: gift.quantity,
        to: quantity,
        message: `Hàng tặng ${gift.label} chỉ còn ${quantity} ${gift.base_unit}`,
      });
    return quantity > 0 ? [{ ...gift, quantity }] : [];
  });
  const amounts = cart.lines.map((line) => line.amounts);
  const totals = cart.totals;
  // Over the customer's or the rep's credit limit: refused (block) or taken with the reason (warn).
  const creditWarning = await checkOrderCredit(tx, { companyId, customerId: customer.id, accountId, orderValue: totals.total, now: context.now });
  const approvalReason = checkRepDiscount(
    cart.lines,
    accepted.map((entry) => entry.index),
    context.access,
  );

  // The phone's number is unique in the company; a clash can never resolve by retrying, so it is refused.
  if (clash)
    throw new OpRejection('LOCAL_NO_TAKEN', `Số đơn ${payload.localNo} đã được dùng cho một đơn hàng khác`, {
      localNo: 'Số đơn đã được dùng',
    });

  if (kind === 'resubmit') {
    await releaseUsage(tx, companyId, payload.orderId, true);
    await tx.delete(orderLines).where(eq(orderLines.orderId, payload.orderId));
    await tx.delete(orders).where(eq(orders.id, payload.orderId));
  }
  // The order and its first status in one statement (an insert in a WITH runs without RETURNING,
  // and the status's foreign key is checked at the statement's end); its lines in the next: their
  // report facts are made by a statement trigger that reads the order's, made by the order's own
  // (server/kernel/db/migrations/0025_reports_triggers.sql): in one statement with the order, the
  // lines' trigger found no order facts (server/modules/reports/report-figures.test.ts).
  const insertOrder = tx.insert(orders).values({
    id: payload.orderId,
    companyId,
    // Its official code comes last (giveOrderCode); until then one no other order has.
    code: `~${payload.orderId}`,
    localNo: payload.localNo,
    accountId,
    customerId: customer.id,
    customerCode: customer.code,
    customerName: customer.name,
    customerPhone: customer.phone,
    customerAddress: formatAddress(addressOf(customer)),
    provinceCode: customer.provinceCode,
    wardCode: customer.wardCode,
    visitId: payload.visitId,
    orderTypeId: orderType.id,
    warehouseId,
    status: 'pending',
    discountApproval: approvalReason ? 'needed' : null,
    discountApprovalReason: approvalReason,
    paymentStatus: 'unpaid',
    creditWarning,
    deliveryDate: payload.deliveryDate,
    note: payload.note,
    vatOn: pricing.vatOn,
    subtotal: totals.subtotal,
    discountTotal: totals.discount,
    promotionTotal: totals.promotion,
    promotions: cart.applied
      .filter((given) => given.discount > 0 || given.gift_value > 0)
      .map(({ promotion_id, code: promotionCode, name, discount, gift_value, summary }) => ({
        promotion_id,
        code: promotionCode,
        name,
        discount,
        gift_value,
        summary,
      })),
    vatTotal: totals.vat,
    total: totals.total,
    offRoute,
    createdAt: new Date(payload.createdAt),
    receivedAt: context.now,
    updatedAt: context.now,
  });
  const insertHistory = tx.insert(orderStatusHistory).values({
    companyId,
    orderId: payload.orderId,
    fromStatus: kind === 'resubmit' ? 'rejected' : null,
    toStatus: 'pending',
    reason: offRoute ? OFF_ROUTE_REASON : null,
    accountId,
  });
  await tx.execute(sql`with placed as (${insertOrder.getSQL()}) ${insertHistory.getSQL()}`);
  await tx.insert(orderLines).values([
    ...accepted.map((entry, sort) => ({
      id: entry.line.lineId,
      orderId: payload.orderId,
      companyId,
      variantId: entry.variant.id,
      productName: entry.variant.product_name,
      variantName: entry.variant.name,
      sku: entry.variant.code,
      unit: entry.unit.unit,
      factor: entry.unit.factor,
      quantity: entry.line.quantity,
      unitPrice: entry.price.price,
      listPrice: entry.price.listPrice,
      policyTitle: entry.price.policyTitle,
      discountKind: entry.line.discount?.kind ?? null,
      discountValue: entry.line.discount?.value ?? null,
      discountAmount: amounts[sort]!.discount,
      promotionAmount: amounts[sort]!.promotion,
      promotions: cart.lines[sort]!.promotions,
      vatRate: amounts[sort]!.vatRate,
      vatAmount: amounts[sort]!.vat,
      lineTotal: amounts[sort]!.total,
      sort,
    })),
    // Gift lines: 0 đ in base units, after the paid lines.
    ...gifts.map((gift, index) => {
      const variant = goods.get(gift.variant_id)!;
      return {
        id: crypto.randomUUID(),
        orderId: payload.orderId,
        companyId,
        variantId: gift.variant_id,
        productName: variant.product_name,
        variantName: variant.name,
        sku: variant.code,
        unit: gift.base_unit,
        factor: 1,
        quantity: gift.quantity,
        unitPrice: 0,
        listPrice: gift.quantity > 0 ? Math.round(gift.value / gift.quantity) : 0,
        policyTitle: null,
        discountAmount: 0,
        isGift: true,
        promotionId: gift.promotion_id,
        vatRate: 0,
        vatAmount: 0,
        lineTotal: 0,
        sort: accepted.length + index,
      };
    }),
  ]);
  await changeReserved(
    tx,
    companyId,
    warehouseId,
    baseQuantities(
      [
        ...accepted.map((entry) => ({ variantId: entry.variant.id, quantity: entry.line.quantity, factor: entry.unit.factor })),
        ...gifts.map((gift) => ({ variantId: gift.variant_id, quantity: gift.quantity, factor: 1 })),
      ].filter((line) => stock.has(line.variantId) || giftStock.has(line.variantId)),
    ),
  );
  await recordUsage(tx, { companyId, orderId: payload.orderId, customerId: customer.id, accountId }, cart.applied, programmes);
  await orderTaken(tx, companyId, { customerId: customer.id, accountId });
  const record = (await orderRecordsById(tx, companyId, [payload.orderId])).get(payload.orderId)!;
  // Last, as few statements before the commit as can be (giveOrderCode says why).
  record.code = await giveOrderCode(tx, companyId, payload.orderId, [payload.localNo, customer.code, customer.name, customer.phone]);
  await recordChange(tx, { companyId, entity: 'order', entityId: payload.orderId, op: 'upsert', ownerAccountId: accountId });
  if (approvalReason) {
    await notifyDiscountApproval(tx, { companyId, orderId: payload.orderId, code: record.code, customerName: customer.name, reason: approvalReason, repId: accountId });
  }
  return {
    outcome: shortages.length ? 'applied_with_changes' : 'applied',
    entity: { type: 'order', id: payload.orderId, data: record },
    ...(shortages.length ? { changes: shortages } : {}),
  };
};
