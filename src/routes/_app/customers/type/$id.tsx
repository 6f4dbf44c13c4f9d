import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useHeaderActions } from '@/ui/header-actions';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { CustomerTypeDetailView, useDeleteCustomerType } from '@/features/customers/components/customer-type-detail-view';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/customers/type/$id')({
  staticData: { title: 'Chi tiết nhóm khách hàng' },
  component: CustomerTypePage,
});

function CustomerTypePage() {
  const { id } = Route.useParams();
  const typeId = Number(id);
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { company } = useSession();
  const db = appDb();
  const companyId = company?.id ?? 0;
  const confirmDelete = useDeleteCustomerType(db, companyId);
  const edit = () => void navigate({ to: '/customers/type/edit/$id', params: { id } });
  const remove = async () => {
    if (await confirmDelete(typeId)) await navigate({ to: '/customers/type' });
  };
  // Groups decide prices: changing one is the company's configuration.
  const canConfigure = useCan('settings', 'edit');
  useHeaderActions(
    canConfigure
      ? [
          { key: 'edit', label: 'Chỉnh sửa', onClick: edit },
          { key: 'delete', label: 'Xóa nhóm khách hàng', onClick: () => void remove(), danger: true },
        ]
      : [],
  );
  if (!company) return null;
  return (
    <CustomerTypeDetailView db={db} companyId={companyId} id={typeId} isMobile={isMobile} onEdit={edit} onDelete={() => void remove()} />
  );
}
