/**
 * The online-only receivables parts shown on other screens, fetched when first shown (vite.config.ts
 * receivables-office-qr): the VietQR block (an order's print) and an order's payments card.
 */
import { loadedWhenShown } from '@/ui/online-screen';

export const VietQr = loadedWhenShown(
  () => import('./online/viet-qr').then((module) => module.VietQrBlock),
  () => null,
);

export const OrderPaymentsCard = loadedWhenShown(
  () => import('./online/order-payments-card').then((module) => module.OrderPaymentsCard),
  () => null,
);
