import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useState } from 'react';
import { LEAVE_CONFIRMATION } from '@/app/layout/back-navigation';
import { appDb } from '@/db/app-db';
import { CustomerTypeEditor } from '@/features/customers/components/customer-type-editor';
import { useLeaveGuard } from '@/ui/use-leave-guard';
import { useSession } from '@/session/session-store';

type EditSearch = { type?: 'confirm' };

export const Route = createFileRoute('/_app/customers/type/edit/$id')({
  staticData: { title: 'Sửa nhóm khách hàng' },
  validateSearch: (search: EditSearch & SearchSchemaInput): EditSearch => ({ type: search.type === 'confirm' ? 'confirm' : undefined }),
  component: EditCustomerTypePage,
});

function EditCustomerTypePage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const { company } = useSession();
  const [dirty, setDirty] = useState(false);
  const { release } = useLeaveGuard(dirty, LEAVE_CONFIRMATION);
  if (!company) return null;
  return (
    <CustomerTypeEditor
      db={appDb()}
      companyId={company.id}
      id={Number(id)}
      onDirtyChange={setDirty}
      onSaved={() => {
        release();
        void navigate({ to: '/customers/type/$id', params: { id }, replace: true });
      }}
      onCancel={() => void navigate({ to: '/customers/type/$id', params: { id } })}
    />
  );
}
