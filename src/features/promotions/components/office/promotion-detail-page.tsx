/**
 * /promotion/$id: a programme read in full: kind, tiers in words, dates and window, how it
 * combines, its goods and customers, the budget used and left, what it has given, the notice to
 * Sở Công Thương, who created and approved it and why it was refused; the moves its status and the
 * member's role allow (promotion-actions.tsx); then the orders that used it and the goods it covers.
 */
import { Alert, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PromotionRecord } from '@contract/promotions';
import { EmptyState } from '@/ui/empty-state';
import { isOffline, usePromotion } from '@/features/promotions/api/promotion-api';
import { PromotionActions } from './promotion-actions';
import { PromotionResultsCard, PromotionRecordCard, PromotionTermsCard } from './promotion-detail-cards';
import { PromotionStatusBadge } from './promotion-status-badge';
import { PromotionGoodsTab, PromotionUsageTab } from './promotion-usage';
import { LoadingBlock } from '@/ui/loading-block';

type Props = { companyId: number; id: number; isMobile: boolean };

export function PromotionDetailPage({ companyId, id, isMobile }: Props) {
  const detail = usePromotion(companyId, id);
  if (!detail.data) {
    if (detail.isPending) return <LoadingBlock />;
    if (isOffline(detail.error)) return <Alert color="yellow">Cần kết nối mạng để xem chương trình khuyến mại.</Alert>;
    return <EmptyState title="Không tìm thấy chương trình khuyến mại" description={detail.error?.message} />;
  }
  return <PromotionDetail companyId={companyId} record={detail.data} isMobile={isMobile} />;
}

function PromotionDetail({ companyId, record, isMobile }: { companyId: number; record: PromotionRecord; isMobile: boolean }) {
  const [tab, setTab] = useState<string | null>('usage');

  return (
    <Stack gap="md" data-testid="promotion-detail" data-id={record.id} data-status={record.status}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} data-testid="promotion-detail-code">
              {record.code}
            </Text>
            <PromotionStatusBadge status={record.status} size="md" />
          </Group>
          <Title order={isMobile ? 4 : 3} data-testid="promotion-detail-name">
            {record.name}
          </Title>
          {record.description && (
            <Text size="sm" c="dimmed">
              {record.description}
            </Text>
          )}
        </div>
        <PromotionActions companyId={companyId} record={record} isMobile={isMobile} />
      </Group>
      {record.status === 6 && record.reject_reason && (
        <Alert color="red" variant="light" title="Bị từ chối" data-testid="promotion-reject-reason-shown">
          {record.reject_reason}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PromotionTermsCard companyId={companyId} record={record} isMobile={isMobile} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <PromotionResultsCard record={record} />
            <PromotionRecordCard record={record} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="usage" data-testid="promotion-tab-usage">
            Đơn hàng áp dụng
          </Tabs.Tab>
          <Tabs.Tab value="goods" data-testid="promotion-tab-goods">
            Sản phẩm áp dụng
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="usage" pt="sm">
          <PromotionUsageTab companyId={companyId} promotionId={record.id} isMobile={isMobile} />
        </Tabs.Panel>
        <Tabs.Panel value="goods" pt="sm">
          <PromotionGoodsTab companyId={companyId} promotionId={record.id} isMobile={isMobile} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
