import { createFileRoute } from '@tanstack/react-router';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { PolicyListView } from '@/features/price-policy/components/policy-list-view';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/price-policy')({
  staticData: { title: 'Chính sách giá', feature: 'CSG' },
  component: PricePolicyPage,
});

function PricePolicyPage() {
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return (
    <PolicyListView
      db={appDb()}
      companyId={company.id}
      features={{ pricePolicy: flags.CSG === true, wholesale: flags.WHOLESALE === true }}
      isMobile={isMobile}
    />
  );
}
