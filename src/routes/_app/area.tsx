import { createFileRoute, stripSearchParams, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { salesStaffLabel } from '@contract/company';
import { useIsMobile } from '@/ui/use-is-mobile';
import { RegionDetailView } from '@/features/regions/components/region-detail-view';
import { RegionListView } from '@/features/regions/components/region-list-view';
import { REGION_PAGE_SIZES, REGION_TABS, type RegionTab } from '@/features/regions/model/region-search';
import { useSession } from '@/session/session-store';

/** Spec §3 "Region filter" (page, limit, search); `region` opens one region's detail on `tab`. */
type AreaSearch = { page: number; limit: number; search: string; region?: number; tab: RegionTab };

const positive = (value: unknown) => (Number.isInteger(value) && Number(value) > 0 ? Number(value) : undefined);

export const Route = createFileRoute('/_app/area')({
  staticData: { title: 'Khu vực' },
  validateSearch: (search: Partial<AreaSearch> & SearchSchemaInput): AreaSearch => ({
    page: positive(search.page) ?? 1,
    limit: REGION_PAGE_SIZES.includes(Number(search.limit)) ? Number(search.limit) : 10,
    search: typeof search.search === 'string' ? search.search.slice(0, 100) : '',
    region: positive(search.region),
    tab: REGION_TABS.includes(search.tab as RegionTab) ? (search.tab as RegionTab) : 'staff',
  }),
  search: { middlewares: [stripSearchParams({ page: 1, limit: 10, search: '', tab: 'staff' })] },
  component: AreaPage,
});

function AreaPage() {
  const { page, limit, search, region, tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  if (region !== undefined) {
    return (
      <RegionDetailView
        key={region}
        companyId={company.id}
        regionId={region}
        tab={tab}
        onTab={(next) => void navigate({ search: (current) => ({ ...current, tab: next }), replace: true })}
        onBack={() => void navigate({ search: (current) => ({ ...current, region: undefined, tab: 'staff' }) })}
        isMobile={isMobile}
        staffLabel={salesStaffLabel(company.type)}
      />
    );
  }
  return (
    <RegionListView
      companyId={company.id}
      filter={{ page, limit, search }}
      onFilter={(next) => void navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
      onOpen={(id) => void navigate({ search: (current) => ({ ...current, region: id, tab: 'staff' }) })}
      isMobile={isMobile}
    />
  );
}
