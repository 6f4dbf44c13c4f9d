import { createFileRoute } from '@tanstack/react-router';
import { InvoiceListView } from '@/features/invoices/components/invoice-screens';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

// The filter (page, limit, search, status) lives in the URL; it is read in the screen's own chunk.
export const Route = createFileRoute('/_app/invoices/')({
  staticData: { title: 'Hóa đơn điện tử', feature: 'VAT' },
  component: InvoicesPage,
});

function InvoicesPage() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <InvoiceListView companyId={company.id} isMobile={isMobile} />;
}
