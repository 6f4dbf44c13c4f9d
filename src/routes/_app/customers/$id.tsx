import { Stack, Title } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { salesStaffLabel } from '@contract/company';
import { useHeaderActions } from '@/ui/header-actions';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { useCustomerDetail, useCustomerVisits } from '@/features/customers/api/customer-queries';
import { CustomerDetailView } from '@/features/customers/components/customer-detail-view';
import { CheckInPanel } from '@/features/visits/components/check-in-panel';
import { ReceivableCard } from '@/features/receivables/components/receivable-card';
import { formatAddress } from '@contract/address';
import { VisitList } from '@/features/visits/components/visit-list';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/customers/$id')({
  staticData: { title: 'Chi tiết khách hàng' },
  component: CustomerPage,
});

const RECENT_VISITS = 5;

function CustomerPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { account, company, flags } = useSession();
  const db = appDb();
  const companyId = company?.id ?? 0;
  const visits = useCustomerVisits(db, companyId, id, RECENT_VISITS);
  const detail = useCustomerDetail(db, companyId, id);
  const edit = () => void navigate({ to: '/customers/create', search: { id } });
  const canEdit = useCan('customers', 'edit');
  useHeaderActions(canEdit ? [{ key: 'edit', label: 'Chỉnh sửa', onClick: edit }] : []);
  if (!account || !company) return null;
  return (
    <CustomerDetailView db={db} companyId={companyId} id={id} staffLabel={salesStaffLabel(company.type)} isMobile={isMobile} onEdit={edit}>
      {detail.customer && (
        <CheckInPanel db={db} visitor={{ companyId, accountId: account.id, accountName: account.full_name }} customer={detail.customer} />
      )}
      {flags.RECEIVABLE === true && detail.customer && (
        <ReceivableCard
          db={db}
          collector={{ companyId, accountId: account.id, accountName: account.full_name }}
          customer={{ ...detail.customer, address: formatAddress(detail.customer.address) }}
          isMobile={isMobile}
        />
      )}
      <Stack gap="sm">
        <Title order={4}>Lượt ghé thăm gần đây</Title>
        <VisitList result={visits} page={1} limit={RECENT_VISITS} onPage={() => undefined} showStaff />
      </Stack>
    </CustomerDetailView>
  );
}
