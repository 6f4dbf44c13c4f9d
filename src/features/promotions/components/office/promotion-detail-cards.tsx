/**
 * The cards of a programme's page (promotion-detail-page.tsx): what it gives, to which goods and
 * customers; its budget and results; its paperwork (the notice to Sở Công Thương, who created and
 * approved it, an earlier refusal).
 */
import { Card, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PROMOTION_KIND_HINTS, PROMOTION_KIND_LABELS, type PromotionRecord } from '@contract/promotions';
import { appDb } from '@/db/app-db';
import { formatDate, formatDateTime } from '@/lib/dates';
import { Fact } from '@/ui/fact';
import { MoneyText } from '@/ui/money-text';
import { useScopeOptions, useScopeVariantsById, type Option } from '@/features/promotions/api/scope-options';
import { budgetLeft, budgetPercent, budgetText, capAmount, tierText } from '@/features/promotions/model/promotion-text';
import { formatNumber } from '@/lib/money';

const names = (ids: readonly number[], options: readonly Option[]) =>
  ids.map((id) => options.find((option) => option.value === String(id))?.label ?? `#${id}`).join(', ');

/** Kind, tiers in words, dates and window, how it combines, its goods and customers. */
export function PromotionTermsCard({ companyId, record, isMobile }: { companyId: number; record: PromotionRecord; isMobile: boolean }) {
  const options = useScopeOptions(appDb(), companyId);
  const giftIds = record.tiers.flatMap((tier) => (tier.gift_variant_id === null ? [] : [tier.gift_variant_id]));
  const shownVariants = record.variant_ids.slice(0, 8);
  const variants = useScopeVariantsById(appDb(), companyId, [...giftIds, ...shownVariants]);
  const allGoods = record.variant_ids.length + record.category_ids.length + record.brand_ids.length === 0;
  const allCustomers = record.customer_type_ids.length + record.level_ids.length + record.region_ids.length === 0;
  return (
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
  );
}

/** The budget used and left, and what the programme has given. */
export function PromotionResultsCard({ record }: { record: PromotionRecord }) {
  const percent = budgetPercent(record);
  const left = budgetLeft(record);
  return (
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
          <Progress value={percent} color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'teal'} aria-label="Ngân sách đã dùng" />
        )}
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Còn lại" testId="promotion-detail-left">
            {left ?? 'Không giới hạn'}
          </Fact>
          <Fact label="Mỗi khách hàng">
            {record.cap_per_customer === null ? 'Không giới hạn' : capAmount(record.cap_kind, record.cap_per_customer)}
          </Fact>
          <Fact label="Số đơn áp dụng" testId="promotion-detail-orders">
            {formatNumber(record.order_count)}
          </Fact>
          <Fact label="Tổng tiền đã giảm">
            <MoneyText value={record.discount_given} />
          </Fact>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The notice to Sở Công Thương, who created and approved the programme, an earlier refusal. */
export function PromotionRecordCard({ record }: { record: PromotionRecord }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={5}>Hồ sơ</Title>
        <Fact label="Thông báo Sở Công Thương" testId="promotion-detail-notice">
          {record.notice_ref ? `${record.notice_ref}${record.notice_date ? `, ngày ${formatDate(record.notice_date)}` : ''}` : 'Chưa có'}
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
  );
}
