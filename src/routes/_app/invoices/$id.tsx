import { createFileRoute } from '@tanstack/react-router';
import { InvoiceDetailPage } from '@/features/invoices/components/invoice-screens';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/_app/invoices/$id')({
  staticData: { title: 'Chi tiết hóa đơn', feature: 'VAT' },
  component: InvoicePage,
});

function InvoicePage() {
  const { id } = Route.useParams();
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <InvoiceDetailPage key={id} companyId={company.id} id={id} isMobile={isMobile} />;
}
