import { createFileRoute } from '@tanstack/react-router';
import { AccountingPage } from '@/features/invoices/components/invoice-screens';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/_app/accounting')({
  staticData: { title: 'Đồng bộ kế toán MISA', feature: 'VAT' },
  component: AccountingRoute,
});

function AccountingRoute() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <AccountingPage companyId={company.id} isMobile={isMobile} />;
}
