/**
 * /customers/{id}: who the customer is, where (with a map link), group, level, staff and status.
 * Reads the device's copy first, so it opens offline and right after the customer was created here;
 * the status switch needs the server. Editing and the status switch show to members whose role
 * may edit customers (issue #7). The route adds the check-in panel and the recent visits.
 */
import { Alert, Anchor, Button, Card, DataList, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCloudOff, IconEdit, IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '@/ui/anchor-link';
import { useState, type ReactNode } from 'react';
import { formatAddress } from '@contract/address';
import type { AppDb } from '@/db/app-db';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { useLatestOp } from '@/sync/use-latest-op';
import { useSyncStatus } from '@/sync/sync-status';
import { EmptyState } from '@/ui/empty-state';
import { SyncChip } from '@/ui/sync-chip';
import { toast } from '@/ui/toast';
import { useCompanyStaff, useCustomerDetail, useCustomerGroupsAndLevels } from '../api/customer-queries';
import { useCustomerWrites, writeErrorMessage } from '../api/customer-writes';
import { mapLink } from '../model/customer-form';
import { StatusBadge } from './customer-results';
import { LoadingBlock } from '@/ui/loading-block';

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

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

export function CustomerDetailView({ db, companyId, id, staffLabel, isMobile, onEdit, children }: Props) {
  const detail = useCustomerDetail(db, companyId, id);
  const { typeName, levelName } = useCustomerGroupsAndLevels(db, companyId);
  const staff = useCompanyStaff(db, companyId);
  const writes = useCustomerWrites(db, companyId);
  const { online } = useSyncStatus();
  const [switching, setSwitching] = useState(false);
  const canEdit = useCan('customers', 'edit');
  const lastOp = useLatestOp(db, id);

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

  const address = formatAddress(customer.address);
  const staffName = customer.staff_name ?? staff.data?.find((member) => member.id === customer.staff_id)?.name ?? null;
  const group = typeName(customer.customer_type_id);
  const level = levelName(customer.level_id);
  const onServer = detail.syncState === 'synced';
  const rejection = detail.syncState === 'rejected' ? (lastOp?.result?.error?.message ?? lastOp?.lastError?.message ?? null) : null;

  const chips = (
    <>
      {detail.syncState !== 'synced' && <SyncChip state={detail.syncState} error={rejection} />}
      <StatusBadge status={customer.status} />
    </>
  );

  async function toggleStatus(active: boolean) {
    setSwitching(true);
    try {
      await writes.setStatus(id, active ? 'active' : 'inactive');
      toast.success(active ? 'Đã chuyển sang Đang hoạt động' : 'Đã chuyển sang Ngừng hoạt động');
    } catch (error) {
      toast.error(writeErrorMessage(error, 'Không cập nhật được trạng thái'));
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Stack gap="md" data-testid="customer-detail">
      {detail.source === 'device' && !online && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} p="xs">
          Không có kết nối mạng: đang xem dữ liệu đã lưu trên máy.
        </Alert>
      )}
      {detail.syncState === 'rejected' && (
        <Alert color="red" variant="light" title="Máy chủ không nhận khách hàng này">
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
                {canEdit && (
                  <Button variant="light" leftSection={<IconEdit size={16} />} onClick={onEdit} data-testid="customer-edit">
                    Chỉnh sửa
                  </Button>
                )}
              </Group>
            )}
          </Group>
          {isMobile && <Group gap="xs">{chips}</Group>}
          {canEdit && (
            <Switch
              label="Đang hoạt động"
              description={
                !onServer ? 'Đổi trạng thái được sau khi khách hàng đã đồng bộ' : !online ? 'Cần kết nối mạng để đổi trạng thái' : undefined
              }
              checked={customer.status === 'active'}
              disabled={!onServer || !online || switching}
              onChange={(event) => void toggleStatus(event.currentTarget.checked)}
              data-testid="customer-status-switch"
            />
          )}
          <DataList orientation={isMobile ? 'vertical' : 'horizontal'} labelWidth={160} withDivider gap="xs">
            <DataList.Item>
              <DataList.ItemLabel>Điện thoại</DataList.ItemLabel>
              <DataList.ItemValue>
                {customer.phone ? <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor> : '—'}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Chủ cửa hàng</DataList.ItemLabel>
              <DataList.ItemValue>{dash(customer.owner_name)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Mã số thuế</DataList.ItemLabel>
              <DataList.ItemValue>{dash(customer.tax_code)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Giấy phép kinh doanh dược</DataList.ItemLabel>
              <DataList.ItemValue data-testid="customer-drug-business">
                {customer.drug_business ? 'Có (được khuyến mại thuốc)' : 'Không'}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Địa chỉ</DataList.ItemLabel>
              <DataList.ItemValue>
                <Stack gap={2}>
                  <span data-testid="customer-address">{dash(address)}</span>
                  {customer.address.scheme === 'VN_LEGACY' && (
                    <Text size="xs" c="dimmed">
                      Địa chỉ theo đơn vị hành chính cũ (trước 07/2025)
                    </Text>
                  )}
                  {customer.lat !== null && customer.lng !== null && (
                    <Anchor
                      href={mapLink(customer.lat, customer.lng)}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                      data-testid="customer-map-link"
                    >
                      <Group gap={4} component="span" wrap="nowrap">
                        Xem trên bản đồ <IconExternalLink size={14} aria-hidden />
                      </Group>
                    </Anchor>
                  )}
                </Stack>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Nhóm khách hàng</DataList.ItemLabel>
              <DataList.ItemValue>
                {customer.customer_type_id && group ? (
                  <AnchorLink to="/customers/type/$id" params={{ id: String(customer.customer_type_id) }}>
                    {group}
                  </AnchorLink>
                ) : (
                  'Chưa phân nhóm'
                )}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Cấp độ</DataList.ItemLabel>
              <DataList.ItemValue>{dash(level)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{staffLabel}</DataList.ItemLabel>
              <DataList.ItemValue>{dash(staffName)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Ghi chú</DataList.ItemLabel>
              <DataList.ItemValue style={{ whiteSpace: 'pre-wrap' }}>{dash(customer.note)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Ngày tạo</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(customer.created_at)}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
        </Stack>
      </Card>
      {children}
    </Stack>
  );
}
