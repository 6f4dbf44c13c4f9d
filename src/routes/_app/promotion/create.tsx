import { createFileRoute } from '@tanstack/react-router';
import { PromotionFormPage } from '@/features/promotions/components/promotion-screens';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

// A new programme, or with ?id= one still waiting for approval (or refused) being edited.
export const Route = createFileRoute('/_app/promotion/create')({
  staticData: { title: 'Chương trình khuyến mại', feature: 'REWARD' },
  component: PromotionCreatePage,
});

function PromotionCreatePage() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <PromotionFormPage companyId={company.id} isMobile={isMobile} />;
}
