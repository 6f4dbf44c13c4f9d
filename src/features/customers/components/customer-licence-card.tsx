/**
 * "Giấy phép kinh doanh dược" on /customers/{id} (phone and desktop alike;
 * docs/pharma.md "The customer's papers"): the business type and the licence papers as the device
 * or the server has them, how the GPP/GDP certificate stands today (a badge that says it in words,
 * not a colour alone), and "Sửa giấy phép", which saves through the outbox and so works offline.
 */
import { Badge, Button, Card, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconEdit } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { CustomerRecord } from '@contract/customers';
import { vietnamDay } from '@contract/price-policy';
import type { AppDb } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { daysLeft, gppStanding } from '../model/licence-form';
import { LicenceEditModal } from './licence-edit-modal';
import { LicenceScanLine, type ScanWrites } from './licence-scan-line';

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

/** The certificate's standing as a badge with its words, and the days left when it is running out. */
export function GppBadge({ customer, today }: { customer: Pick<CustomerRecord, 'licence_number' | 'gpp_expiry'>; today: string }) {
  const standing = gppStanding(customer, today);
  const left = daysLeft(customer.gpp_expiry, today);
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color={standing.color} tt="none" data-testid="licence-state" data-state={standing.state}>
        {standing.label}
      </Badge>
      {standing.state === 'expiring' && left !== null && (
        <Text size="xs" c="dimmed" data-testid="licence-days-left">
          {left === 0 ? 'hết hạn hôm nay' : `còn ${left} ngày`}
        </Text>
      )}
    </Group>
  );
}

type Props = {
  db: AppDb;
  who: { companyId: number; accountId: number };
  customer: CustomerRecord;
  isMobile: boolean;
  canEdit: boolean;
  online: boolean;
  /** The server has this customer (its creation is not waiting in the outbox): the scan needs it. */
  onServer: boolean;
  writes: ScanWrites;
  /** For tests: the day the certificate is judged on (Vietnam's today by default). */
  today?: string;
};

export function CustomerLicenceCard({ db, who, customer, isMobile, canEdit, online, onServer, writes, today = vietnamDay() }: Props) {
  const [editing, setEditing] = useState(false);
  const item = (label: string, value: ReactNode, testId?: string) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'lg'} data-testid="customer-licence">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconCertificate size={20} aria-hidden />
            <Title order={4}>Giấy phép kinh doanh dược</Title>
          </Group>
          {canEdit && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconEdit size={16} />}
              onClick={() => setEditing(true)}
              data-testid="licence-edit"
            >
              Sửa giấy phép
            </Button>
          )}
        </Group>
        <GppBadge customer={customer} today={today} />
        <DataList orientation={isMobile ? 'vertical' : 'horizontal'} labelWidth={200} withDivider gap="xs">
          {item('Loại hình kinh doanh', dash(customer.kind), 'licence-kind-value')}
          {item('Số giấy chứng nhận', dash(customer.licence_number), 'licence-number')}
          {item('Nơi cấp', dash(customer.licence_issuer))}
          {item('Ngày cấp', customer.licence_date ? formatDate(customer.licence_date) : '—', 'licence-date-value')}
          {item('Thuốc kiểm soát đặc biệt', customer.controlled_scope ? 'Được kinh doanh' : 'Không', 'licence-scope')}
          {item('Số giấy chứng nhận GPP/GDP', dash(customer.gpp_number))}
          {item('Ngày hết hạn GPP/GDP', customer.gpp_expiry ? formatDate(customer.gpp_expiry) : '—', 'licence-gpp-expiry-value')}
          {item('Mã cơ sở', dash(customer.outlet_code))}
          {item(
            'Bản chụp giấy phép',
            <LicenceScanLine customer={customer} writes={writes} canEdit={canEdit} reachable={online && onServer} />,
          )}
        </DataList>
      </Stack>
      {editing && <LicenceEditModal db={db} who={who} customer={customer} online={online} onClose={() => setEditing(false)} />}
    </Card>
  );
}
