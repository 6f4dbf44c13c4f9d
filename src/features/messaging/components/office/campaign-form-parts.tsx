/**
 * Parts of the new send-to-many form (campaign-form.tsx): who receives it (customers a filter
 * picks, or the OA's followers), and the audience the server answered before anything is sent.
 */
import { Checkbox, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { CAMPAIGN_SOURCE_LABELS, CAMPAIGN_SOURCES, type AudienceAnswer, type CampaignSource } from '@contract/messaging-campaigns';
import { formatNumber } from '@/lib/money';
import type { CampaignRecipients } from './use-campaign-form';

/** The source switch, then the customers' filter or the followers' linked-only box. */
export function CampaignRecipientFields({ recipients }: { recipients: CampaignRecipients }) {
  const { groups, source, setSource, search, setSearch, group, setGroup, level, setLevel, linkedOnly, setLinkedOnly } = recipients;
  return (
    <>
      <SegmentedControl
        data={CAMPAIGN_SOURCES.map((value) => ({ value, label: CAMPAIGN_SOURCE_LABELS[value] }))}
        value={source}
        onChange={(value) => setSource(value as CampaignSource)}
        data-testid="zalo-campaign-source"
      />
      {source === 'customers' ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Tìm khách hàng"
            placeholder="Tên, mã, số điện thoại…"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="zalo-campaign-search"
          />
          <Select
            label="Nhóm khách hàng"
            clearable
            data={(groups?.types ?? []).map((one) => ({ value: String(one.id), label: one.title }))}
            value={group}
            onChange={setGroup}
          />
          <Select
            label="Cấp độ"
            clearable
            data={(groups?.levels ?? []).map((one) => ({ value: String(one.id), label: one.title }))}
            value={level}
            onChange={setLevel}
          />
        </SimpleGrid>
      ) : (
        <Checkbox
          label="Chỉ người quan tâm đã liên kết khách hàng"
          checked={linkedOnly}
          onChange={(event) => setLinkedOnly(event.currentTarget.checked)}
        />
      )}
    </>
  );
}

/** How many receive it, who is left out, the day's ZNS quota, missing data and a few with their data. */
export function CampaignAudience({ audience }: { audience: AudienceAnswer }) {
  return (
    <Stack gap={4} data-testid="zalo-campaign-audience">
      <Text size="sm" fw={600}>
        {formatNumber(audience.count)} người nhận
        {audience.skipped ? ` (bỏ qua ${formatNumber(audience.skipped)}: không có số di động hợp lệ, trùng số hoặc thiếu dữ liệu)` : ''}
      </Text>
      {audience.quota && (
        <Text size="sm" c={audience.quota.remaining < audience.count ? 'red' : 'dimmed'}>
          Hạn mức ZNS còn lại hôm nay: {formatNumber(audience.quota.remaining)}/{formatNumber(audience.quota.daily)} tin
        </Text>
      )}
      {audience.missing.length > 0 && (
        <Text size="sm" c="orange">
          Thiếu dữ liệu cho tham số: {audience.missing.join(', ')}. Hãy chỉnh cách điền tham số của mẫu.
        </Text>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table fz="xs">
          <Table.Tbody>
            {audience.sample.map((one) => (
              <Table.Tr key={one.phone}>
                <Table.Td>{one.name}</Table.Td>
                <Table.Td>{one.phone}</Table.Td>
                <Table.Td>{Object.values(one.data).join(' · ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
