/**
 * The receivables parts that need the server for what they show, fetched when first shown
 * (src/ui/online-screen.tsx) and kept out of the precache (scripts/office-chunks.ts: receivables-office*): the
 * office hub and statement, the limit dialog, an order's payments card, the VietQR block. One file,
 * so their lists of what to fetch are written once. The rest of the feature works offline.
 */
import { loadedWhenShown, onlineScreen } from '@/ui/online-screen';

export const ReceivablesHubScreen = onlineScreen(
  () => import('./office/receivables-office-hub').then((module) => module.ReceivablesHub),
  'công nợ',
);

export const StatementScreen = onlineScreen(
  () => import('./office/statement-view').then((module) => module.StatementView),
  'đối chiếu công nợ',
);

const nothing = () => null;

export const LimitDialog = loadedWhenShown(
  () => import('./office/credit-limit-dialog').then((module) => module.CreditLimitDialog),
  nothing,
);

export const OrderPaymentsCard = loadedWhenShown(
  () => import('./online/order-payments-card').then((module) => module.OrderPaymentsCard),
  nothing,
);

export const VietQr = loadedWhenShown(() => import('./viet-qr').then((module) => module.VietQrBlock), nothing);
