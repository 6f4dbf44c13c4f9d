/**
 * A new send-to-many: a name, an approved template, the recipients (customers a filter picks, or
 * the OA's followers), now or at a time. "Xem người nhận" asks the server who that is (how many,
 * who is left out, a few with their data, the day's ZNS quota) before anything is sent.
 */
import { Checkbox, Modal, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { OaRecord } from '@contract/messaging';
import {
  CAMPAIGN_SOURCE_LABELS,
  CAMPAIGN_SOURCES,
  type AudienceAnswer,
  type CampaignRecord,
  type CampaignSource,
} from '@contract/messaging-campaigns';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';
import { useBusyWork } from '@/ui/use-busy-work';
import { toast } from '@/ui/toast';
import {
  campaignAudience,
  createCampaign,
  useCustomerGroups,
  useRefreshMessaging,
  useTemplates,
} from '@/features/messaging/api/messaging-api';

type Props = { companyId: number; oa: OaRecord; onClose: () => void; onCreated: (campaign: CampaignRecord) => void };

export function CampaignForm({ companyId, oa, onClose, onCreated }: Props) {
  const templates = useTemplates(companyId, oa.id);
  const groups = useCustomerGroups(companyId);
  const refresh = useRefreshMessaging(companyId);
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const [source, setSource] = useState<CampaignSource>('customers');
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [linkedOnly, setLinkedOnly] = useState(false);
  const [later, setLater] = useState(false);
  const [at, setAt] = useState<string | null>(null);
  const [audience, setAudience] = useState<AudienceAnswer | null>(null);
  const { run, busy, problem } = useBusyWork('Không thực hiện được');

  const body = () => ({
    company: companyId,
    oa: oa.id,
    template: template ? Number(template) : undefined,
    source,
    customers:
      source === 'customers' ? { search, customer_type: group ? Number(group) : null, level: level ? Number(level) : null } : undefined,
    followers: source === 'followers' ? { linked_only: linkedOnly } : undefined,
  });
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setAudience(null);
    };

  const preview = () => run(async () => setAudience(await campaignAudience(body())));
  const create = () =>
    run(async () => {
      const scheduled = later && at ? new Date(at).toISOString() : null;
      const { campaign, text } = await createCampaign({ ...body(), name, scheduled_at: scheduled });
      toast.success(text);
      await refresh();
      onCreated(campaign);
    });

  const enabled = (templates.data ?? []).filter((one) => one.status === 'enabled');
  return (
    <Modal opened onClose={onClose} title="Tạo chiến dịch gửi ZNS" size="xl">
      <Stack gap="sm">
        <TextInput
          label="Tên chiến dịch"
          required
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="zalo-campaign-name"
        />
        <Select
          label="Mẫu ZNS"
          required
          placeholder="Chọn mẫu đã duyệt"
          data={enabled.map((one) => ({ value: String(one.id), label: one.name }))}
          value={template}
          onChange={changed(setTemplate)}
          data-testid="zalo-campaign-template"
        />
        <SegmentedControl
          data={CAMPAIGN_SOURCES.map((value) => ({ value, label: CAMPAIGN_SOURCE_LABELS[value] }))}
          value={source}
          onChange={(value) => changed(setSource)(value as CampaignSource)}
          data-testid="zalo-campaign-source"
        />
        {source === 'customers' ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Tìm khách hàng"
              placeholder="Tên, mã, số điện thoại…"
              value={search}
              onChange={(event) => changed(setSearch)(event.currentTarget.value)}
              data-testid="zalo-campaign-search"
            />
            <Select
              label="Nhóm khách hàng"
              clearable
              data={(groups.data?.types ?? []).map((one) => ({ value: String(one.id), label: one.title }))}
              value={group}
              onChange={changed(setGroup)}
            />
            <Select
              label="Cấp độ"
              clearable
              data={(groups.data?.levels ?? []).map((one) => ({ value: String(one.id), label: one.title }))}
              value={level}
              onChange={changed(setLevel)}
            />
          </SimpleGrid>
        ) : (
          <Checkbox
            label="Chỉ người quan tâm đã liên kết khách hàng"
            checked={linkedOnly}
            onChange={(event) => changed(setLinkedOnly)(event.currentTarget.checked)}
          />
        )}
        <Checkbox label="Hẹn giờ gửi" checked={later} onChange={(event) => setLater(event.currentTarget.checked)} />
        {later && (
          <TextInput
            type="datetime-local"
            label="Thời điểm gửi"
            value={at ?? ''}
            onChange={(event) => setAt(event.currentTarget.value || null)}
            data-testid="zalo-campaign-at"
          />
        )}
        {audience && (
          <Stack gap={4} data-testid="zalo-campaign-audience">
            <Text size="sm" fw={600}>
              {audience.count.toLocaleString('vi-VN')} người nhận
              {audience.skipped
                ? ` (bỏ qua ${audience.skipped.toLocaleString('vi-VN')}: không có số di động hợp lệ, trùng số hoặc thiếu dữ liệu)`
                : ''}
            </Text>
            {audience.quota && (
              <Text size="sm" c={audience.quota.remaining < audience.count ? 'red' : 'dimmed'}>
                Hạn mức ZNS còn lại hôm nay: {audience.quota.remaining.toLocaleString('vi-VN')}/
                {audience.quota.daily.toLocaleString('vi-VN')} tin
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
        )}
        <ProblemLine problem={problem} testId="zalo-campaign-problem" />
        <DialogActions
          onCancel={onClose}
          label={audience ? (later ? 'Hẹn giờ gửi' : `Gửi tới ${audience.count.toLocaleString('vi-VN')} người`) : 'Xem người nhận'}
          onConfirm={() => void (audience ? create() : preview())}
          busy={busy}
          disabled={!template || (audience !== null && (!name.trim() || audience.count === 0 || (later && !at)))}
          testId="zalo-campaign-submit"
        />
      </Stack>
    </Modal>
  );
}
