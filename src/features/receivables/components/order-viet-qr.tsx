/** The VietQR block, fetched when first shown (online-only: it needs the company's bank account). */
import { loadedWhenShown } from '@/ui/online-screen';

export const VietQr = loadedWhenShown(
  () => import('./online/viet-qr').then((module) => module.VietQrBlock),
  () => null,
);

export function OrderVietQr({ companyId, amount, orderCode }: { companyId: number; amount: number; orderCode: string }) {
  return <VietQr companyId={companyId} amount={amount} purpose={`${orderCode} thanh toan`} />;
}
