/**
 * Send to many (docs/messaging.md "Send to many"): the company's campaigns with their progress, and
 * one opened: a progress bar that moves while it sends (asked again every two seconds), its
 * recipients by status with the reason of each failure, "Gửi lại tin lỗi" and "Dừng gửi".
 */
import { Badge, Button, Card, Group, Pagination, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { OaRecord } from '@contract/messaging';
import {
  CAMPAIGN_STATUS_LABELS,
  RECIPIENT_STATUS_LABELS,
  RECIPIENT_STATUSES,
  type CampaignRecord,
  type CampaignStatus,
  type RecipientStatus,
} from '@contract/messaging-campaigns';
import { formatNumber } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { DataTable } from '@/ui/list-page/data-table';
import { LoadingBlock } from '@/ui/loading-block';
import { toastedWrite } from '@/ui/toasted-write';
import { campaignAction, errorText, useCampaigns, useRecipients, useRefreshMessaging } from '@/features/messaging/api/messaging-api';
import { CampaignForm } from './campaign-form';

const STATUS_COLORS: Record<CampaignStatus, string> = { scheduled: 'blue', sending: 'yellow', done: 'teal', cancelled: 'gray' };

type Props = { companyId: number; oa: OaRecord; isMobile: boolean; canSend: boolean };

export function CampaignsPanel({ companyId, oa, canSend }: Props) {
  const [page, setPage] = useState(1);
  const campaigns = useCampaigns(companyId, page);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = campaigns.data?.rows.find((row) => row.id === openId) ?? null;

  return (
    <Stack gap="md">
      {canSend && (
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} w="fit-content" data-testid="zalo-campaign-create">
          Tạo chiến dịch
        </Button>
      )}
      {campaigns.isPending && <LoadingBlock />}
      {campaigns.data?.rows.length === 0 && (
        <EmptyState title="Chưa có chiến dịch nào" description="Gửi một mẫu ZNS tới nhiều khách hàng cùng lúc, ngay hoặc hẹn giờ." />
      )}
      {open && <CampaignDetail companyId={companyId} campaign={open} canSend={canSend} onBack={() => setOpenId(null)} />}
      {!open &&
        campaigns.data?.rows.map((row) => (
          <Card key={row.id} withBorder radius="md" data-testid="zalo-campaign" data-status={row.status}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Button variant="subtle" px={0} onClick={() => setOpenId(row.id)} data-testid="zalo-campaign-open">
                  {row.name}
                </Button>
                <Badge color={STATUS_COLORS[row.status]} variant="light">
                  {CAMPAIGN_STATUS_LABELS[row.status]}
                </Badge>
              </Group>
              <CampaignProgress campaign={row} />
              <Text size="xs" c="dimmed">
                {row.template.name} ·{' '}
                {row.status === 'scheduled' ? `hẹn ${formatDateTime(row.scheduled_at)}` : formatDateTime(row.created_at)}
                {row.created_by ? ` · ${row.created_by}` : ''}
              </Text>
            </Stack>
          </Card>
        ))}
      {!open && (campaigns.data?.count ?? 0) > 10 && (
        <Pagination total={Math.ceil(campaigns.data!.count / 10)} value={page} onChange={setPage} />
      )}
      {creating && (
        <CampaignForm
          companyId={companyId}
          oa={oa}
          onClose={() => setCreating(false)}
          onCreated={(campaign) => {
            setCreating(false);
            setPage(1);
            setOpenId(campaign.id);
          }}
        />
      )}
    </Stack>
  );
}

function CampaignProgress({ campaign }: { campaign: CampaignRecord }) {
  const { counts } = campaign;
  return (
    <Stack gap={2}>
      <Progress.Root size="lg" data-testid="zalo-campaign-progress" data-progress={campaign.progress}>
        <Progress.Section value={(counts.sent * 100) / Math.max(1, counts.total)} color="teal" />
        <Progress.Section value={(counts.failed * 100) / Math.max(1, counts.total)} color="red" />
      </Progress.Root>
      <Text size="xs" data-testid="zalo-campaign-counts">
        Đã gửi {formatNumber(counts.sent)}/{formatNumber(counts.total)} · lỗi {formatNumber(counts.failed)} · đang chờ{' '}
        {formatNumber(counts.waiting)} ({campaign.progress}%)
      </Text>
    </Stack>
  );
}

function CampaignDetail({
  companyId,
  campaign,
  canSend,
  onBack,
}: {
  companyId: number;
  campaign: CampaignRecord;
  canSend: boolean;
  onBack: () => void;
}) {
  const [status, setStatus] = useState<RecipientStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const recipients = useRecipients(companyId, campaign, status, page);
  const refresh = useRefreshMessaging(companyId);
  const act = (action: 'retry' | 'cancel') =>
    toastedWrite(
      async () => {
        const text = await campaignAction(companyId, campaign.id, action);
        await refresh();
        return text;
      },
      (error) => errorText(error, 'Không thực hiện được'),
    );

  return (
    <Card withBorder radius="md" data-testid="zalo-campaign-detail">
      <Stack gap="sm">
        <Group justify="space-between">
          <Button variant="subtle" px={0} onClick={onBack}>
            ← Tất cả chiến dịch
          </Button>
          <Badge color={STATUS_COLORS[campaign.status]} variant="light" data-testid="zalo-campaign-status">
            {CAMPAIGN_STATUS_LABELS[campaign.status]}
          </Badge>
        </Group>
        <Text fw={600}>{campaign.name}</Text>
        <Text size="sm" c="dimmed">
          Mẫu {campaign.template.name} · {campaign.source === 'customers' ? 'khách hàng theo bộ lọc' : 'người quan tâm OA'} · gửi từ{' '}
          {formatDateTime(campaign.scheduled_at)}
        </Text>
        <CampaignProgress campaign={campaign} />
        {canSend && (
          <Group gap="xs">
            {campaign.counts.failed > 0 && (
              <Button size="xs" onClick={() => void act('retry')} data-testid="zalo-campaign-retry">
                Gửi lại tin lỗi
              </Button>
            )}
            {(campaign.status === 'sending' || campaign.status === 'scheduled') && (
              <Button
                size="xs"
                variant="default"
                color="red"
                onClick={() =>
                  openConfirm({
                    message: 'Dừng chiến dịch? Những người chưa được gửi sẽ không nhận tin.',
                    okLabel: 'Dừng gửi',
                    onOk: () => act('cancel'),
                  })
                }
              >
                Dừng gửi
              </Button>
            )}
          </Group>
        )}
        <SegmentedControl
          size="xs"
          data={[
            { value: 'all', label: 'Tất cả' },
            ...RECIPIENT_STATUSES.map((value) => ({ value, label: RECIPIENT_STATUS_LABELS[value] })),
          ]}
          value={status ?? 'all'}
          onChange={(value) => {
            setStatus(value === 'all' ? undefined : (value as RecipientStatus));
            setPage(1);
          }}
        />
        <DataTable
          minWidth={560}
          testId="zalo-recipients"
          rowTestId="zalo-recipient"
          rows={recipients.data?.rows ?? []}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-status': row.status })}
          hover={false}
          columns={[
            { key: 'name', label: 'Người nhận', cell: (row) => row.name },
            { key: 'phone', label: 'Số điện thoại', cell: (row) => row.phone },
            {
              key: 'status',
              label: 'Trạng thái',
              cell: (row) => (
                <Text size="sm" c={row.status === 'failed' ? 'red' : row.status === 'sent' ? 'teal' : undefined}>
                  {RECIPIENT_STATUS_LABELS[row.status]}
                </Text>
              ),
            },
            { key: 'note', label: 'Ghi chú', cell: (row) => row.error ?? (row.sent_at ? formatDateTime(row.sent_at) : '') },
          ]}
        />
        {(recipients.data?.count ?? 0) > 20 && (
          <Pagination size="sm" total={Math.ceil(recipients.data!.count / 20)} value={page} onChange={setPage} />
        )}
      </Stack>
    </Card>
  );
}
