/**
 * /customers/{id}: who the customer is, where (with a map link), group, level, staff and status.
 * Reads the device's copy first, so it opens offline and right after the customer was created here;
 * the status switch needs the server. Editing and the status switch show to members whose role
 * may edit customers; so does "Sửa giấy phép" on the licence card, which works offline. The route adds the check-in panel and the recent visits.
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconEdit } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { privacyOf } from '@contract/customers-privacy';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';
import { useLatestOp } from '@/sync/use-latest-op';
import { useSyncStatus } from '@/sync/sync-status';
import { EmptyState } from '@/ui/empty-state';
import { SyncChip } from '@/ui/sync-chip';
import { useCompanyStaff, useCustomerDetail, useCustomerGroupsAndLevels } from '../api/customer-queries';
import { useCustomerWrites } from '../api/customer-writes';
import { StatusBadge } from './customer-results';
import { LoadingBlock } from '@/ui/loading-block';
import { CustomerFacts, CustomerStatusSwitch } from './customer-detail-parts';
import { CustomerLicenceCard } from './customer-licence-card';
import { CustomerPrivacyCard } from './customer-privacy-card';

type Props = {
  db: AppDb;
  companyId: number;
  id: string;
  staffLabel: string;
  isMobile: boolean;
  onEdit: () => void;
  /** Rendered below the details (check-in panel, recent visits). */
  children?: ReactNode;
};

export function CustomerDetailView({ db, companyId, id, staffLabel, isMobile, onEdit, children }: Props) {
  const detail = useCustomerDetail(db, companyId, id);
  const { typeName, levelName } = useCustomerGroupsAndLevels(db, companyId);
  const staff = useCompanyStaff(db, companyId);
  const writes = useCustomerWrites(db, companyId);
  const online = useSyncStatus((sync) => sync.online);
  const canEdit = useCan('customers', 'edit');
  const lastOp = useLatestOp(db, id);
  const { account } = useSession();

  if (detail.loading) {
    return <LoadingBlock />;
  }
  if (detail.error) return <Alert color="red">{detail.error.message}</Alert>;
  const customer = detail.customer;
  if (!customer) {
    return (
      <EmptyState
        title="Không tìm thấy khách hàng"
        description="Khách hàng không tồn tại, đã bị xóa, hoặc chưa được đồng bộ về máy này."
        action={
          <Button component={Link} to="/customers" variant="light">
            Về danh sách khách hàng
          </Button>
        }
      />
    );
  }

  const staffName = customer.staff_name ?? staff.data?.find((member) => member.id === customer.staff_id)?.name ?? null;
  const onServer = detail.syncState === 'synced';
  const rejection = detail.syncState === 'rejected' ? (lastOp?.result?.error?.message ?? lastOp?.lastError?.message ?? null) : null;

  const chips = (
    <>
      {detail.syncState !== 'synced' && <SyncChip state={detail.syncState} error={rejection} />}
      <StatusBadge status={customer.status} />
    </>
  );

  return (
    <Stack gap="md" data-testid="customer-detail">
      {detail.source === 'device' && !online && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} p="xs">
          Không có kết nối mạng: đang xem dữ liệu đã lưu trên máy.
        </Alert>
      )}
      {detail.syncState === 'rejected' && (
        <Alert
          color="red"
          variant="light"
          title={lastOp?.type === 'customer.licence' ? 'Máy chủ không nhận giấy phép vừa sửa' : 'Máy chủ không nhận khách hàng này'}
        >
          {rejection ?? 'Vui lòng kiểm tra lại thông tin khách hàng.'}
        </Alert>
      )}
      <Card withBorder radius="md" padding={isMobile ? 'sm' : 'lg'}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Title order={3} data-testid="customer-detail-name" style={{ overflowWrap: 'anywhere' }}>
                {customer.name}
              </Title>
              <Text size="sm" c="dimmed">
                {customer.code} · {customer.kind}
              </Text>
            </div>
            {!isMobile && (
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                {chips}
                {canEdit && !privacyOf(customer).erased_at && (
                  <Button variant="light" leftSection={<IconEdit size={16} />} onClick={onEdit} data-testid="customer-edit">
                    Chỉnh sửa
                  </Button>
                )}
              </Group>
            )}
          </Group>
          {isMobile && <Group gap="xs">{chips}</Group>}
          {canEdit && <CustomerStatusSwitch id={id} customer={customer} writes={writes} onServer={onServer} online={online} />}
          <CustomerFacts
            customer={customer}
            isMobile={isMobile}
            staffLabel={staffLabel}
            group={typeName(customer.customer_type_id)}
            level={levelName(customer.level_id)}
            staffName={staffName}
          />
        </Stack>
      </Card>
      <CustomerLicenceCard
        db={db}
        who={{ companyId, accountId: account?.id ?? 0 }}
        customer={customer}
        isMobile={isMobile}
        canEdit={canEdit && Boolean(account)}
        online={online}
        onServer={onServer}
        writes={writes}
      />
      <CustomerPrivacyCard db={db} companyId={companyId} customer={customer} online={online} onServer={onServer} />
      {children}
    </Stack>
  );
}
