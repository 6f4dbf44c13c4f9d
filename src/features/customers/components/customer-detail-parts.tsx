/**
 * Parts of /customers/{id} (customer-detail-view.tsx): the switch between active and inactive, and
 * the list of what is known about the customer.
 */
import { Anchor, DataList, Group, Stack, Switch, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import type { CustomerRecord } from '@contract/customers';
import { formatAddress } from '@contract/address';
import { formatDateTime } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import { toast } from '@/ui/toast';
import { writeErrorMessage, type CustomerWrites } from '../api/customer-writes';
import { mapLink } from '@/lib/map-link';

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

type StatusSwitchProps = { id: string; customer: CustomerRecord; writes: CustomerWrites; onServer: boolean; online: boolean };

/** Needs the server: a customer not synced yet, or no connection, leaves it off and says why. */
export function CustomerStatusSwitch({ id, customer, writes, onServer, online }: StatusSwitchProps) {
  const [switching, setSwitching] = useState(false);

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
  );
}

/** The address as written, a note when it uses the old administrative units, and a map link. */
function AddressValue({ customer }: { customer: CustomerRecord }) {
  return (
    <Stack gap={2}>
      <span data-testid="customer-address">{dash(formatAddress(customer.address))}</span>
      {customer.address.scheme === 'VN_LEGACY' && (
        <Text size="xs" c="dimmed">
          Địa chỉ theo đơn vị hành chính cũ (trước 07/2025)
        </Text>
      )}
      {customer.lat !== null && customer.lng !== null && (
        <Anchor href={mapLink(customer.lat, customer.lng)} target="_blank" rel="noreferrer" size="sm" data-testid="customer-map-link">
          <Group gap={4} component="span" wrap="nowrap">
            Xem trên bản đồ <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}

type FactsProps = {
  customer: CustomerRecord;
  isMobile: boolean;
  staffLabel: string;
  group: string | null | undefined;
  level: string | null | undefined;
  staffName: string | null;
};

export function CustomerFacts({ customer, isMobile, staffLabel, group, level, staffName }: FactsProps) {
  return (
    <DataList orientation={isMobile ? 'vertical' : 'horizontal'} labelWidth={160} withDivider gap="xs">
      <DataList.Item>
        <DataList.ItemLabel>Điện thoại</DataList.ItemLabel>
        <DataList.ItemValue>{customer.phone ? <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor> : '—'}</DataList.ItemValue>
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
          <AddressValue customer={customer} />
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
  );
}
