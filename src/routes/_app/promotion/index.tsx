import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { PromotionListView } from '@/features/promotions/components/promotion-screens';
import { parsePromotionFilter, PROMOTION_FILTER_SLOT } from '@/features/promotions/promotion-filter';
import { useSession } from '@/session/session-store';
import { FILTER_DEFAULTS, savedFilterToRestore, useFilterChange } from '@/ui/list-page/url-filter';
import { useIsMobile } from '@/ui/use-is-mobile';

// The filter (product-spec.md §3 "Promotion filter") lives in the URL (src/ui/list-page/url-filter.ts).
export const Route = createFileRoute('/_app/promotion/')({
  staticData: { title: 'Khuyến mại', feature: 'REWARD' },
  // Read as it comes: its schema is parsed where the list is (the page's chunk, and beforeLoad's import),
  // so /login does not download it.
  validateSearch: (search: Record<string, unknown>) => search,
  search: { middlewares: [stripSearchParams(FILTER_DEFAULTS)] },
  // Spec §2 rule 4: back in the section with a bare URL (the menu, the back arrow from a programme), the saved filter comes back.
  beforeLoad: async ({ search }) => {
    const filters = await import('@/features/promotions/promotion-filter');
    const saved = savedFilterToRestore(filters.parsePromotionFilter(search), filters.PROMOTION_FILTER_SLOT);
    if (saved) throw redirect({ to: '/promotion', search: saved, replace: true });
  },
  component: PromotionsPage,
});

function PromotionsPage() {
  const filter = parsePromotionFilter(Route.useSearch());
  const onFilter = useFilterChange('/promotion', PROMOTION_FILTER_SLOT);
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <PromotionListView companyId={company.id} filter={filter} onFilter={onFilter} isMobile={isMobile} />;
}
