/** The client's half of the receivables sync domain (contract/receivables.ts receivablesSync). */
import { receivablesSync, type PaymentRecord } from '@contract/receivables';
import type { LocalPayment } from '@/db/app-db';
import { clientSyncDomain } from '@/sync/domain';
import { asSentMirror, byText, deviceRowsMirror, markRejected } from '@/sync/mirrors';
import { collectPayment } from './model/collect-payment';

const toLocalPayment = (record: PaymentRecord): LocalPayment => ({ ...record, syncState: 'synced', error: null });

export const receivablesClientSync = clientSyncDomain(receivablesSync, {
  mirrors: {
    receivable: asSentMirror((db) => db.receivables, byText),
    rep_credit: asSentMirror((db) => db.repCredits, byText),
    payment: deviceRowsMirror((db) => db.payments, byText, toLocalPayment, '[company+collected_at]'),
  },
  writers: { 'payment.collect': collectPayment },
  onRejected: { payment: markRejected((db) => db.payments, true) },
});
