/**
 * The company's OAs: each with its state (connected, needs reconnecting and why), the environment,
 * when its token ends, followers and templates, the webhook address to set in the Zalo app, and the
 * actions (reconnect, messages on order events, disconnect). Connecting and registering a new OA
 * open their dialogs. Changing OAs is company configuration (settings/edit).
 */
import { ActionIcon, Avatar, Badge, Button, Card, CopyButton, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { OA_ENVIRONMENT_LABELS, OA_STATUS_LABELS, type OaRecord, type OaStatus } from '@contract/messaging';
import { formatNumber } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { toastedWrite } from '@/ui/toasted-write';
import { disconnectOa, errorText, useOaDetail, useRefreshMessaging } from '@/features/messaging/api/messaging-api';
import { ConnectOaDialog } from './connect-oa-dialog';
import { NewOaDialog } from './new-oa-dialog';
import { OrderEventsDialog } from './order-events-dialog';

const STATUS_COLORS: Record<OaStatus, string> = { connected: 'teal', needs_reconnect: 'orange', error: 'red', disconnected: 'gray' };

type Props = { companyId: number; oas: OaRecord[]; isMobile: boolean };

export function OaPanel({ companyId, oas, isMobile }: Props) {
  const canEdit = useCan('settings', 'edit');
  const refresh = useRefreshMessaging(companyId);
  const [connecting, setConnecting] = useState<{ oa: OaRecord | null } | null>(null);
  const [newOa, setNewOa] = useState(false);
  const [events, setEvents] = useState<OaRecord | null>(null);

  const disconnect = (oa: OaRecord) =>
    openConfirm({
      message: `Ngắt kết nối OA ${oa.name}? Tin nhắn và chiến dịch sẽ không gửi được cho tới khi kết nối lại; người quan tâm và lịch sử vẫn được giữ.`,
      okLabel: 'Ngắt kết nối',
      onOk: () =>
        toastedWrite(
          async () => {
            const text = await disconnectOa(companyId, oa.id);
            await refresh();
            return text;
          },
          (error) => errorText(error, 'Không ngắt kết nối được'),
        ),
    });

  const actions = canEdit && (
    <Group gap="xs">
      <Button leftSection={<IconPlugConnected size={18} />} onClick={() => setConnecting({ oa: null })} data-testid="zalo-connect">
        Kết nối OA
      </Button>
      <Button variant="default" leftSection={<IconPlus size={18} />} onClick={() => setNewOa(true)} data-testid="zalo-new-oa">
        Đăng ký OA mới
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      {actions}
      {oas.length === 0 && (
        <EmptyState
          title="Chưa kết nối Zalo OA"
          description="Kết nối Official Account để nhắn tin với nhà thuốc, gửi thông báo ZNS theo đơn hàng và gửi hàng loạt."
        />
      )}
      <SimpleGrid cols={isMobile ? 1 : 2}>
        {oas.map((oa) => (
          <Card key={oa.id} withBorder radius="md" data-testid="zalo-oa-card" data-status={oa.status}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar name={oa.name} color="initials" radius="xl" />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {oa.label}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {oa.name} · OA ID {oa.oa_id}
                    </Text>
                  </div>
                </Group>
                <Badge color={STATUS_COLORS[oa.status]} variant="light" data-testid="zalo-oa-status">
                  {OA_STATUS_LABELS[oa.status]}
                </Badge>
              </Group>
              {oa.status_message && oa.status !== 'connected' && (
                <Text size="sm" c="orange">
                  {oa.status_message}
                </Text>
              )}
              <Text size="sm">{OA_ENVIRONMENT_LABELS[oa.environment]}</Text>
              <Text size="sm" c="dimmed">
                {formatNumber(oa.follower_count)} người quan tâm ({formatNumber(oa.linked_count)} đã liên kết khách hàng) ·{' '}
                {oa.template_count} mẫu ZNS
              </Text>
              {oa.status === 'connected' && <OaQuota companyId={companyId} oa={oa} />}
              {oa.access_expires_at && (
                <Text size="xs" c="dimmed">
                  Phiên truy cập đến {formatDateTime(oa.access_expires_at)}, tự động gia hạn trước khi hết hạn
                </Text>
              )}
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed" truncate style={{ flex: 1, minWidth: 0 }}>
                  Webhook: {oa.webhook_url}
                </Text>
                <CopyButton value={oa.webhook_url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Bạn đã copy thành công.' : 'Sao chép địa chỉ webhook'}>
                      <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label="Sao chép địa chỉ webhook">
                        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              {canEdit && (
                <Group gap="xs" mt={4}>
                  <Button
                    size="xs"
                    variant={oa.status === 'connected' ? 'default' : 'filled'}
                    onClick={() => setConnecting({ oa })}
                    data-testid="zalo-reconnect"
                  >
                    Kết nối lại
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setEvents(oa)} data-testid="zalo-order-events">
                    Tin theo đơn hàng
                  </Button>
                  {oa.status !== 'disconnected' && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => disconnect(oa)}>
                      Ngắt kết nối
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {connecting && (
        <ConnectOaDialog
          key={connecting.oa?.id ?? 'new'}
          companyId={companyId}
          oa={connecting.oa}
          opened
          onClose={() => setConnecting(null)}
        />
      )}
      {newOa && <NewOaDialog companyId={companyId} opened onClose={() => setNewOa(false)} />}
      {events && <OrderEventsDialog companyId={companyId} oa={events} onClose={() => setEvents(null)} />}
    </Stack>
  );
}

/** The OA's ZNS quota of the day, asked of Zalo (or why it could not be). */
function OaQuota({ companyId, oa }: { companyId: number; oa: OaRecord }) {
  const detail = useOaDetail(companyId, oa.id);
  if (!detail.data) return null;
  const { quota, quota_error: problem } = detail.data;
  return (
    <Text size="sm" c={problem ? 'orange' : undefined} data-testid="zalo-oa-quota">
      {quota
        ? `Hạn mức ZNS hôm nay: còn ${formatNumber(quota.remaining)}/${formatNumber(quota.daily)} tin`
        : `Không đọc được hạn mức ZNS: ${problem}`}
    </Text>
  );
}
