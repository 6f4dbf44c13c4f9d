/**
 * One region: its provinces, and its staff (assigned through their membership), customers and
 * orders (by address) in tabs, each searchable and paged (getstaff/, getcustomer/, getorder/).
 * Edit and delete for members who may.
 */
import { Alert, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '@/session/access';
import { useRegion, useRegionWrites } from '../api/region-api';
import { REGION_TABS, type RegionTab } from '../model/region-search';
import { RegionChildList, TAB_LABELS } from './region-child-lists';
import { RegionFormModal } from './region-form';
import { confirmDeleteRegion } from './region-list-view';
import { LoadingBlock } from '@/ui/loading-block';

type Props = {
  companyId: number;
  regionId: number;
  tab: RegionTab;
  onTab: (tab: RegionTab) => void;
  onBack: () => void;
  isMobile: boolean;
  /** "Trình dược viên" or "Nhân viên bán hàng". */
  staffLabel: string;
};

export function RegionDetailView({ companyId, regionId, tab, onTab, onBack, isMobile, staffLabel }: Props) {
  const region = useRegion(companyId, regionId);
  const writes = useRegionWrites(companyId);
  const canEdit = useCan('regions', 'edit');
  const canDelete = useCan('regions', 'delete');
  const [editing, setEditing] = useState(false);

  return (
    <Stack gap="md" data-testid="region-detail">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} px={4}>
          Danh sách khu vực
        </Button>
      </Group>
      {region.isError && <Alert color="red">{region.error.message}</Alert>}
      {region.isPending && <LoadingBlock />}
      {region.data && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={3} data-testid="region-title">
                  {region.data.name}
                </Title>
                <Text size="sm" c="dimmed">
                  Mã {region.data.code} · {region.data.staff_count} nhân viên · {region.data.customer_count} khách hàng
                </Text>
                {region.data.description && <Text size="sm">{region.data.description}</Text>}
              </div>
              <Group gap="xs">
                {canEdit && (
                  <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)} data-testid="region-edit">
                    Sửa
                  </Button>
                )}
                {canDelete && (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => void confirmDeleteRegion(region.data, writes, onBack)}
                    data-testid="region-delete"
                  >
                    Xóa
                  </Button>
                )}
              </Group>
            </Group>
            <Group gap={4} data-testid="region-provinces-list">
              {region.data.provinces.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Chưa có tỉnh/thành nào
                </Text>
              ) : (
                region.data.provinces.map((province) => (
                  <Badge key={province.code} variant="light" tt="none">
                    {province.name}
                  </Badge>
                ))
              )}
            </Group>
          </Stack>
        </Card>
      )}
      <Tabs value={tab} onChange={(next) => next && onTab(next as RegionTab)} keepMounted={false}>
        <Tabs.List>
          {REGION_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`region-tab-${value}`}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="staff" pt="md">
          <RegionChildList companyId={companyId} regionId={regionId} kind="staff" isMobile={isMobile} staffLabel={staffLabel} />
        </Tabs.Panel>
        <Tabs.Panel value="customers" pt="md">
          <RegionChildList companyId={companyId} regionId={regionId} kind="customers" isMobile={isMobile} staffLabel={staffLabel} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <RegionChildList companyId={companyId} regionId={regionId} kind="orders" isMobile={isMobile} staffLabel={staffLabel} />
        </Tabs.Panel>
      </Tabs>
      {region.data && (
        <RegionFormModal
          companyId={companyId}
          editing={editing ? region.data : null}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
          writes={writes}
          isMobile={isMobile}
        />
      )}
    </Stack>
  );
}
