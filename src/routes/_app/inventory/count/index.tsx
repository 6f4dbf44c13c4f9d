import { createFileRoute } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { OpenCounts } from '@/features/warehouse/components/open-counts';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/inventory/count/')({
  staticData: { title: 'Đếm kiểm kho' },
  component: OpenCountsPage,
});

function OpenCountsPage() {
  const { company } = useSession();
  if (!company) return null;
  return <OpenCounts db={appDb()} companyId={company.id} />;
}
