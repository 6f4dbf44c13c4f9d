import { createFileRoute, redirect, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { PromotionListView } from '@/features/promotions/components/promotion-screens';
import { parsePromotionFilter, PROMOTION_FILTER_SLOT, type PromotionFilter } from '@/features/promotions/promotion-filter';
import { useSession } from '@/session/session-store';
import { FILTER_DEFAULTS, savedFilterToRestore, useFilterChange } from '@/ui/list-page/url-filter';
import { useIsMobile } from '@/ui/use-is-mobile';

// The filter (product-spec.md §3 "Promotion filter") lives in the URL (src/ui/list-page/url-filter.ts).
export const Route = createFileRoute('/_app/promotion/')({
  staticData: { title: 'Khuyến mại', feature: 'REWARD' },
  validateSearch: (search: Partial<PromotionFilter> & SearchSchemaInput) => parsePromotionFilter(search),
  search: { middlewares: [stripSearchParams(FILTER_DEFAULTS)] },
  // Spec §2 rule 4: back in the section with a bare URL (the menu, the back arrow from a programme), the saved filter comes back.
  beforeLoad: ({ search }) => {
    const saved = savedFilterToRestore(search, PROMOTION_FILTER_SLOT);
    if (saved) throw redirect({ to: '/promotion', search: saved, replace: true });
  },
  component: PromotionsPage,
});

function PromotionsPage() {
  const filter = Route.useSearch();
  const onFilter = useFilterChange('/promotion', PROMOTION_FILTER_SLOT);
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <PromotionListView companyId={company.id} filter={filter} onFilter={onFilter} isMobile={isMobile} />;
}
