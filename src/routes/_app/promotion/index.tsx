import { createFileRoute } from '@tanstack/react-router';
import { PromotionListView } from '@/features/promotions/components/promotion-screens';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

// The filter (product-spec.md §3 "Promotion filter") lives in the URL; it is read in the screen's own chunk.
export const Route = createFileRoute('/_app/promotion/')({
  staticData: { title: 'Khuyến mại', feature: 'REWARD' },
  component: PromotionsPage,
});

function PromotionsPage() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <PromotionListView companyId={company.id} isMobile={isMobile} />;
}
