/**
 * /promotion/$id: a programme read in full: kind, tiers in words, dates and window, how it
 * combines, its goods and customers, the budget used and left, what it has given, the notice to
 * Sở Công Thương, who created and approved it and why it was refused; the moves its status and the
 * member's role allow (promotion-actions.tsx); then the orders that used it and the goods it covers.
 */
import { Alert, Card, Grid, Group, List, Progress, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PROMOTION_KIND_HINTS, PROMOTION_KIND_LABELS, type PromotionRecord } from '@contract/promotions';
import { appDb } from '@/db/app-db';
import { formatDate, formatDateTime } from '@/lib/dates';
import { EmptyState } from '@/ui/empty-state';
import { Fact } from '@/ui/fact';
import { MoneyText } from '@/ui/money-text';
import { isOffline, usePromotion } from '@/features/promotions/api/promotion-api';
import { useScopeOptions, useVariantsById, type Option } from '@/features/promotions/api/scope-options';
import { budgetLeft, budgetPercent, budgetText, capAmount, tierText } from '@/features/promotions/model/promotion-text';
import { PromotionActions } from './promotion-actions';
import { PromotionStatusBadge } from './promotion-status-badge';
import { PromotionGoodsTab, PromotionUsageTab } from './promotion-usage';
import { LoadingBlock } from '@/ui/loading-block';

type Props = { companyId: number; id: number; isMobile: boolean };

const names = (ids: readonly number[], options: readonly Option[]) =>
  ids.map((id) => options.find((option) => option.value === String(id))?.label ?? `#${id}`).join(', ');

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
  const options = useScopeOptions(appDb(), companyId);
  const giftIds = record.tiers.flatMap((tier) => (tier.gift_variant_id === null ? [] : [tier.gift_variant_id]));
  const shownVariants = record.variant_ids.slice(0, 8);
  const variants = useVariantsById(appDb(), companyId, [...giftIds, ...shownVariants]);
  const percent = budgetPercent(record);
  const left = budgetLeft(record);
  const allGoods = record.variant_ids.length + record.category_ids.length + record.brand_ids.length === 0;
  const allCustomers = record.customer_type_ids.length + record.level_ids.length + record.region_ids.length === 0;

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
          <Card withBorder radius="md" padding="md" h="100%">
            <Stack gap="sm">
              <Title order={5}>Nội dung ưu đãi</Title>
              <Fact label="Loại chương trình" testId="promotion-detail-kind">
                {PROMOTION_KIND_LABELS[record.kind]}
                <Text size="xs" c="dimmed">
                  {PROMOTION_KIND_HINTS[record.kind]}
                </Text>
              </Fact>
              <Fact label="Mức ưu đãi">
                <List size="sm" spacing={2} data-testid="promotion-detail-tiers">
                  {record.tiers.map((tier, index) => (
                    <List.Item key={index}>
                      {tierText(record.kind, tier, tier.gift_variant_id === null ? null : variants?.get(tier.gift_variant_id)?.name)}
                    </List.Item>
                  ))}
                </List>
              </Fact>
              <SimpleGrid cols={isMobile ? 1 : 2} spacing="sm">
                <Fact label="Thời gian áp dụng" testId="promotion-detail-dates">
                  {formatDate(record.starts_on)} – {formatDate(record.ends_on)}
                  {record.hours_from && record.hours_to ? `, ${record.hours_from}–${record.hours_to} mỗi ngày` : ''}
                </Fact>
                <Fact label="Kết hợp">
                  {record.exclusive ? 'Độc quyền (không cộng dồn)' : 'Được cộng dồn'} · ưu tiên {record.priority}
                </Fact>
              </SimpleGrid>
              <Fact label="Sản phẩm áp dụng" testId="promotion-detail-goods">
                {allGoods ? (
                  'Mọi sản phẩm'
                ) : (
                  <Stack gap={2}>
                    {record.variant_ids.length > 0 && (
                      <span>
                        {record.variant_ids.length} sản phẩm:{' '}
                        {shownVariants.map((variantId) => variants?.get(variantId)?.name ?? `#${variantId}`).join(', ')}
                        {record.variant_ids.length > shownVariants.length ? '…' : ''}
                      </span>
                    )}
                    {record.category_ids.length > 0 && <span>Danh mục: {names(record.category_ids, options.categories)}</span>}
                    {record.brand_ids.length > 0 && <span>Thương hiệu: {names(record.brand_ids, options.brands)}</span>}
                  </Stack>
                )}
              </Fact>
              <Fact label="Khách hàng áp dụng" testId="promotion-detail-customers">
                {allCustomers ? (
                  'Mọi khách hàng'
                ) : (
                  <Stack gap={2}>
                    {record.customer_type_ids.length > 0 && <span>Nhóm: {names(record.customer_type_ids, options.customerTypes)}</span>}
                    {record.level_ids.length > 0 && <span>Cấp độ: {names(record.level_ids, options.levels)}</span>}
                    {record.region_ids.length > 0 && <span>Khu vực: {names(record.region_ids, options.regions)}</span>}
                  </Stack>
                )}
                <Text size="xs" c="dimmed">
                  Thuốc chỉ được khuyến mại cho khách có giấy phép kinh doanh dược.
                </Text>
              </Fact>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Title order={5}>Ngân sách và kết quả</Title>
                <Fact
                  label={record.cap_kind === 'money' ? 'Đã dùng / Ngân sách (tiền)' : 'Đã dùng / Ngân sách (số lượng)'}
                  testId="promotion-detail-budget"
                >
                  {budgetText(record)}
                </Fact>
                {percent !== null && (
                  <Progress
                    value={percent}
                    color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'teal'}
                    aria-label="Ngân sách đã dùng"
                  />
                )}
                <SimpleGrid cols={2} spacing="sm">
                  <Fact label="Còn lại" testId="promotion-detail-left">
                    {left ?? 'Không giới hạn'}
                  </Fact>
                  <Fact label="Mỗi khách hàng">
                    {record.cap_per_customer === null ? 'Không giới hạn' : capAmount(record.cap_kind, record.cap_per_customer)}
                  </Fact>
                  <Fact label="Số đơn áp dụng" testId="promotion-detail-orders">
                    {record.order_count.toLocaleString('vi-VN')}
                  </Fact>
                  <Fact label="Tổng tiền đã giảm">
                    <MoneyText value={record.discount_given} />
                  </Fact>
                </SimpleGrid>
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Title order={5}>Hồ sơ</Title>
                <Fact label="Thông báo Sở Công Thương" testId="promotion-detail-notice">
                  {record.notice_ref
                    ? `${record.notice_ref}${record.notice_date ? `, ngày ${formatDate(record.notice_date)}` : ''}`
                    : 'Chưa có'}
                </Fact>
                <SimpleGrid cols={2} spacing="sm">
                  <Fact label="Người tạo" testId="promotion-detail-created-by">
                    {record.created_by_name ?? '—'}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(record.created_at)}
                    </Text>
                  </Fact>
                  <Fact label="Người duyệt" testId="promotion-detail-approved-by">
                    {record.approved_by_name ?? '—'}
                    {record.approved_at && (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(record.approved_at)}
                      </Text>
                    )}
                  </Fact>
                </SimpleGrid>
                {record.reject_reason && record.status !== 6 && <Fact label="Lý do từ chối trước đây">{record.reject_reason}</Fact>}
              </Stack>
            </Card>
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
