import { createFileRoute } from '@tanstack/react-router';
import { PromotionDetailPage } from '@/features/promotions/components/promotion-screens';
import { EmptyState } from '@/ui/empty-state';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/_app/promotion/$id')({
  staticData: { title: 'Chi tiết khuyến mại', feature: 'REWARD' },
  component: PromotionPage,
});

function PromotionPage() {
  const { id } = Route.useParams();
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  if (!/^\d{1,9}$/.test(id)) return <EmptyState title="Không tìm thấy chương trình khuyến mại" />;
  return <PromotionDetailPage key={id} companyId={company.id} id={Number(id)} isMobile={isMobile} />;
}
