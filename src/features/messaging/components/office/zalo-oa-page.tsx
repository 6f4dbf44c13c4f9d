/**
 * /zalo-oa (docs/messaging.md): one page of sections: the company's OAs (connect, reconnect,
 * settings, a new OA's registration), followers, ZNS templates, the inbox and send-to-many, for the
 * OA chosen at the top when there are several. Coming back from Zalo's consent page it says how the
 * connection went.
 */
import { Alert, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { OA_STATUS_LABELS } from '@contract/messaging';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';
import { ScrollingTabs } from '@/ui/scrolling-tabs';
import { toast } from '@/ui/toast';
import { errorText, useConversations, useOas } from '@/features/messaging/api/messaging-api';
import { ZALO_TAB_LABELS, ZALO_TABS, type ZaloSearch, type ZaloTab } from '@/features/messaging/components/zalo-search';
import { CampaignsPanel } from './campaigns-panel';
import { FollowersPanel } from './followers-panel';
import { InboxPanel } from './inbox-panel';
import { OaPanel } from './oa-panel';
import { TemplatesPanel } from './templates-panel';

type Props = { companyId: number; isMobile: boolean; search: ZaloSearch; onSearch: (next: ZaloSearch) => void };

export function ZaloOaPage({ companyId, isMobile, search, onSearch }: Props) {
  const [picked, setPicked] = useState<number | null>(search.connected ?? null);
  const oas = useOas(companyId);
  const canSend = useCan('messaging', 'create');
  const tab: ZaloTab = search.tab ?? 'oa';
  const list = oas.data ?? [];
  const oa = list.find((one) => one.id === picked) ?? list.find((one) => one.status === 'connected') ?? list[0] ?? null;
  const inbox = useConversations(companyId, oa?.id ?? null, '');

  useEffect(() => {
    if (!search.connected || !oas.data) return;
    const connected = oas.data.find((one) => one.id === search.connected);
    if (connected) toast.success(`Đã kết nối OA ${connected.name}`);
    onSearch({ ...search, connected: undefined });
  }, [search, oas.data, onSearch]);

  if (oas.isPending) return <LoadingBlock />;
  if (oas.error) return <Alert color="red">{errorText(oas.error, 'Không tải được danh sách OA')}</Alert>;

  const unread = inbox.data?.unread ?? 0;
  const labels = {
    ...ZALO_TAB_LABELS,
    inbox: (
      <Group gap={6} wrap="nowrap">
        {ZALO_TAB_LABELS.inbox}
        {unread > 0 && (
          <Badge size="sm" color="red" circle={unread < 10} data-testid="zalo-unread-total">
            {unread}
          </Badge>
        )}
      </Group>
    ),
  };
  const tabs = oa ? ZALO_TABS : (['oa'] as const);

  return (
    <Stack gap="md">
      {list.length > 1 && oa && (
        <Group justify="flex-end">
          <Select
            aria-label="Chọn OA"
            data={list.map((one) => ({ value: String(one.id), label: `${one.label} · ${OA_STATUS_LABELS[one.status]}` }))}
            value={String(oa.id)}
            onChange={(value) => value && setPicked(Number(value))}
            allowDeselect={false}
            w={isMobile ? '100%' : 320}
          />
        </Group>
      )}
      {search.zalo_error && (
        <Alert color="red" withCloseButton onClose={() => onSearch({ ...search, zalo_error: undefined })} data-testid="zalo-oauth-error">
          {search.zalo_error}
        </Alert>
      )}
      <ScrollingTabs
        tabs={tabs}
        labels={labels}
        value={tab}
        onChange={(next) => onSearch({ tab: next === 'oa' ? undefined : next })}
        testId="zalo"
      />
      {tab === 'oa' && <OaPanel companyId={companyId} oas={list} isMobile={isMobile} />}
      {tab !== 'oa' && !oa && <EmptyState title="Chưa kết nối Zalo OA" description="Hãy kết nối một OA ở mục Tài khoản OA." />}
      {oa && tab === 'followers' && <FollowersPanel companyId={companyId} oa={oa} isMobile={isMobile} canSend={canSend} />}
      {oa && tab === 'templates' && <TemplatesPanel companyId={companyId} oa={oa} isMobile={isMobile} canSend={canSend} />}
      {oa && tab === 'inbox' && <InboxPanel companyId={companyId} oa={oa} isMobile={isMobile} canSend={canSend} />}
      {oa && tab === 'campaigns' && <CampaignsPanel companyId={companyId} oa={oa} isMobile={isMobile} canSend={canSend} />}
      {oa && oa.status !== 'connected' && tab !== 'oa' && (
        <Text size="sm" c="orange">
          OA {oa.name} đang ở trạng thái “{OA_STATUS_LABELS[oa.status]}”: tin nhắn sẽ không gửi được cho tới khi kết nối lại.
        </Text>
      )}
    </Stack>
  );
}
