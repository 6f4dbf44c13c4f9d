import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { RecallListView } from '@/features/pharma/components/recall-list-view';
import { parseRecallSearch } from '@/features/pharma/model/recall-search';
import { compactFilter } from '@/ui/list-page/url-filter';
import { useIsMobile } from '@/ui/use-is-mobile';
import { useSession } from '@/session/session-store';

// Recall campaigns (Kho → Thu hồi thuốc; docs/pharma.md "Recall campaigns"); `?lot=` opens one from a lot of the warehouse's lot list.
export const Route = createFileRoute('/_app/recall')({
  staticData: { title: 'Thu hồi thuốc' },
  component: RecallPage,
});

function RecallPage() {
  const search = useLocation().search as Record<string, unknown>;
  const navigate = useNavigate();
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return (
    <RecallListView
      companyId={company.id}
      filter={parseRecallSearch(search)}
      onFilter={(next) => void navigate({ to: '.', search: compactFilter(next) as never, replace: true })}
      isMobile={isMobile}
    />
  );
}
