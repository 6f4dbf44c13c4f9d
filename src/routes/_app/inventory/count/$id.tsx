import { createFileRoute } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { useStockCheck } from '@/features/warehouse/api/device-counts';
import { CountView } from '@/features/warehouse/components/count-view';
import { useSession } from '@/session/session-store';
import { EmptyState } from '@/ui/empty-state';

export const Route = createFileRoute('/_app/inventory/count/$id')({
  staticData: { title: 'Đếm kiểm kho' },
  component: CountPage,
});

function CountPage() {
  const { id } = Route.useParams();
  const { account, company } = useSession();
  const db = appDb();
  const check = useStockCheck(db, id);
  if (!account || !company || check === undefined) return null;
  if (check === null)
    return (
      <EmptyState
        title="Phiếu kiểm kho không còn mở trên máy này"
        description="Phiếu đã hoàn thành hoặc chưa được đồng bộ về máy. Hãy đồng bộ rồi thử lại."
      />
    );
  return <CountView db={db} who={{ companyId: company.id, accountId: account.id }} check={check} />;
}
