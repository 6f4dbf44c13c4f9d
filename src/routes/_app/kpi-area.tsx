import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { salesStaffLabel } from '@contract/company';
import { isMonth, vietnamMonth } from '@contract/kpi';
import { useIsMobile } from '@/ui/use-is-mobile';
import { KpiAreaView } from '@/features/kpi/components/kpi-area-view';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';

/** The month shown (YYYY-MM, Vietnam calendar); left out for the current month. */
type KpiSearch = { month?: string };

export const Route = createFileRoute('/_app/kpi-area')({
  staticData: { title: 'KPI khu vực' },
  validateSearch: (search: KpiSearch & SearchSchemaInput): KpiSearch => (isMonth(search.month) ? { month: search.month } : {}),
  component: KpiAreaPage,
});

function KpiAreaPage() {
  const { month } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { company } = useSession();
  const isMobile = useIsMobile();
  const canEdit = useCan('kpi', 'edit');
  if (!company) return null;
  const current = vietnamMonth();
  return (
    <KpiAreaView
      companyId={company.id}
      month={month ?? current}
      onMonth={(next) => void navigate({ search: next === current ? {} : { month: next }, replace: true })}
      isMobile={isMobile}
      staffLabel={salesStaffLabel(company.type)}
      canEdit={canEdit}
    />
  );
}
