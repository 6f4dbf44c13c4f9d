import { Alert } from '@mantine/core';
import { createFileRoute, useNavigate, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { useState } from 'react';
import { salesStaffLabel } from '@contract/company';
import { LEAVE_CONFIRMATION } from '@/app/layout/back-navigation';
import { appDb, type AppDb } from '@/db/app-db';
import { AddressPicker } from '@/ui/address/address-picker';
import { useCustomerDetail } from '@/features/customers/api/customer-queries';
import { CustomerForm, EDIT_NEEDS_CONNECTION, type AddressInputProps } from '@/features/customers/components/customer-form';
import { useLeaveGuard } from '@/ui/use-leave-guard';
import { emptyCustomerForm, formFromRecord } from '@/features/customers/model/customer-form';
import { useSession } from '@/session/session-store';
import { useSyncStatus } from '@/sync/sync-status';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';

type CreateSearch = { id?: string; type?: 'confirm' };

export const Route = createFileRoute('/_app/customers/create')({
  staticData: { title: 'Thêm khách hàng' },
  validateSearch: (search: Partial<CreateSearch> & SearchSchemaInput): CreateSearch => ({
    id: typeof search.id === 'string' && search.id ? search.id : undefined,
    type: search.type === 'confirm' ? 'confirm' : undefined,
  }),
  component: CreateCustomerPage,
});

type Who = { companyId: number; accountId: number; accountName: string };

function renderAddress({ value, onChange, error }: AddressInputProps) {
  return <AddressPicker value={value} onChange={onChange} errors={error ? { street: error } : undefined} />;
}

function useFormPage() {
  const navigate = useNavigate();
  const router = useRouter();
  const [dirty, setDirty] = useState(false);
  const { release } = useLeaveGuard(dirty, LEAVE_CONFIRMATION);
  return {
    onDirtyChange: setDirty,
    onSaved: (id: string) => {
      release();
      // The form leaves history: back from the customer goes where the person came from.
      void navigate({ to: '/customers/$id', params: { id }, replace: true });
    },
    onCancel: () => {
      if (router.history.length > 1) router.history.back();
      else void navigate({ to: '/customers' });
    },
  };
}

function CreateCustomerPage() {
  const { id } = Route.useSearch();
  const { account, company } = useSession();
  if (!account || !company) return null;
  const who: Who = { companyId: company.id, accountId: account.id, accountName: account.full_name };
  const staffLabel = salesStaffLabel(company.type);
  return id ? (
    <EditCustomer key={id} id={id} who={who} staffLabel={staffLabel} db={appDb()} />
  ) : (
    <NewCustomer who={who} staffLabel={staffLabel} db={appDb()} />
  );
}

function NewCustomer({ who, staffLabel, db }: { who: Who; staffLabel: string; db: AppDb }) {
  const page = useFormPage();
  const [initial] = useState(() => emptyCustomerForm(who.accountId));
  return <CustomerForm db={db} who={who} initial={initial} staffLabel={staffLabel} renderAddress={renderAddress} {...page} />;
}

function EditCustomer({ id, who, staffLabel, db }: { id: string; who: Who; staffLabel: string; db: AppDb }) {
  const page = useFormPage();
  const detail = useCustomerDetail(db, who.companyId, id);
  const online = useSyncStatus((sync) => sync.online);
  // The values the form starts from are taken once: a sync landing meanwhile must not reset typing.
  const [initial, setInitial] = useState<ReturnType<typeof formFromRecord> | null>(null);
  if (!initial && detail.customer) setInitial(formFromRecord(detail.customer));

  if (!initial) {
    if (detail.loading) {
      return <LoadingBlock />;
    }
    if (detail.error) return <Alert color="red">{detail.error.message}</Alert>;
    return <EmptyState title="Không tìm thấy khách hàng" description="Khách hàng không tồn tại hoặc chưa được đồng bộ về máy này." />;
  }
  const blockedReason =
    detail.syncState !== 'synced'
      ? 'Khách hàng này đang chờ đồng bộ lên máy chủ. Bạn sửa được sau khi đồng bộ xong.'
      : !online
        ? EDIT_NEEDS_CONNECTION
        : null;
  return (
    <CustomerForm
      db={db}
      who={who}
      initial={initial}
      editId={id}
      blockedReason={blockedReason}
      staffLabel={staffLabel}
      renderAddress={renderAddress}
      {...page}
    />
  );
}
