import { createFileRoute } from '@tanstack/react-router';
import { InvoiceSettingsPage } from '@/features/invoices/components/invoice-screens';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/invoices/settings')({
  staticData: { title: 'Cấu hình hóa đơn điện tử', feature: 'VAT' },
  component: InvoiceSettingsRoute,
});

function InvoiceSettingsRoute() {
  const { company } = useSession();
  if (!company) return null;
  return <InvoiceSettingsPage companyId={company.id} />;
}
