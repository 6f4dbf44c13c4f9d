/**
 * The server's half of the receivables sync domain (contract/receivables.ts receivablesSync): the
 * balances and limits of the member's customers, a rep's limit, a rep's own collections, and the
 * `payment.collect` op, stored once under the phone's payment id however often it is sent.
 */
import { receivablesSync, type PaymentCollectPayload } from '@contract/receivables';
import { HttpError } from '@server/kernel/errors';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { OpRejection, type OpHandler } from '@server/kernel/sync/op-context';
import { requireCustomerReach } from '@server/modules/roles';
import { paymentRecordsById } from './payment-record';
import { recordPayment } from './payment-write';
import { loadReceivables, loadRepCredits } from './receivable-record';

const collectPayment: OpHandler<PaymentCollectPayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  await requireCustomerReach(tx, context.access, payload.customerId, 'Không tìm thấy khách hàng của phiếu thu');
  try {
    const record = await recordPayment(tx, {
      companyId,
      paymentId: payload.paymentId,
      customerId: payload.customerId,
      orderId: payload.orderId,
      amount: payload.amount,
      method: payload.method,
      reference: payload.reference,
      note: payload.note,
      collectedBy: accountId,
      collectedAt: new Date(payload.collectedAt),
      confirmed: false,
      source: 'rep',
      now: context.now,
    });
    // The same id from another rep is not this rep's receipt.
    if (record.collected_by !== accountId) throw new OpRejection('PAYMENT_ID_TAKEN', 'Mã phiếu thu đã được dùng');
    return { outcome: 'applied', entity: { type: 'payment', id: record.id, data: record } };
  } catch (error) {
    // An order cancelled or another customer's: the rep sees why; nothing to retry.
    if (error instanceof HttpError && error.status < 500) throw new OpRejection(error.code, error.message, error.fields);
    throw error;
  }
};

export const receivablesServerSync = serverSyncDomain(receivablesSync, {
  handlers: { 'payment.collect': collectPayment },
  loaders: {
    receivable: loadReceivables,
    rep_credit: loadRepCredits,
    payment: (db, companyId, ids) =>
      paymentRecordsById(
        db,
        companyId,
        ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
      ),
  },
});
