/**
 * The inbox (docs/messaging.md "Conversations"): conversations newest first with their unread
 * counts, and the messages of the one opened, both asked again every few seconds so new messages
 * show without a reload. A reply is a customer-service message: allowed within 7 days of the user's
 * last interaction (Zalo's rule); after that the reply box explains it and offers a ZNS instead.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconSearch, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MESSAGE_STATUS_LABELS, type ConversationRecord, type MessageRecord, type OaRecord } from '@contract/messaging';
import { WINDOW_CLOSED_MESSAGE } from '@contract/messaging-rules';
import { uuidv7 } from '@contract/uuid';
import { formatDateTime } from '@/lib/dates';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemLine } from '@/ui/problem';
import { errorText, markRead, sendMessage, useConversations, useRefreshMessaging, useThread } from '@/features/messaging/api/messaging-api';
import { ZnsDialog } from './zns-dialog';

type Props = { companyId: number; oa: OaRecord; isMobile: boolean; canSend: boolean };

export function InboxPanel({ companyId, oa, isMobile, canSend }: Props) {
  const [search, setSearch] = useState('');
  const conversations = useConversations(companyId, oa.id, search.trim());
  const [openId, setOpenId] = useState<number | null>(null);
  const open = conversations.data?.rows.find((row) => row.id === openId) ?? null;

  const list = (
    <Stack gap="xs">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Tìm hội thoại theo tên…"
        aria-label="Tìm hội thoại"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {conversations.isPending && <LoadingBlock />}
      {conversations.data?.rows.length === 0 && (
        <EmptyState title="Chưa có hội thoại" description="Khi khách nhắn tin cho OA, tin nhắn sẽ hiện ở đây (Zalo gửi về qua webhook)." />
      )}
      {conversations.data?.rows.map((row) => (
        <ConversationItem key={row.id} row={row} active={row.id === openId} onOpen={() => setOpenId(row.id)} />
      ))}
    </Stack>
  );

  if (isMobile) {
    return open ? (
      <Stack gap="xs">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => setOpenId(null)} w="fit-content">
          Danh sách hội thoại
        </Button>
        <Thread companyId={companyId} oa={oa} conversation={open} canSend={canSend} />
      </Stack>
    ) : (
      list
    );
  }
  return (
    <Grid>
      <Grid.Col span={4}>{list}</Grid.Col>
      <Grid.Col span={8}>
        {open ? (
          <Thread companyId={companyId} oa={oa} conversation={open} canSend={canSend} />
        ) : (
          <EmptyState title="Chọn một hội thoại để xem tin nhắn" />
        )}
      </Grid.Col>
    </Grid>
  );
}

function ConversationItem({ row, active, onOpen }: { row: ConversationRecord; active: boolean; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} data-testid="zalo-conversation" data-name={row.display_name} data-unread={row.unread}>
      <Paper withBorder p="xs" radius="md" bg={active ? 'var(--mantine-color-blue-light)' : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={row.unread ? 700 : 500} truncate>
            {row.display_name}
          </Text>
          {row.unread > 0 && (
            <Badge color="red" size="sm" data-testid="zalo-conversation-unread">
              {row.unread}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {row.last_message_text || '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(row.last_message_at)}
          {row.customer ? ` · ${row.customer.name}` : ''}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

function Bubble({ message }: { message: MessageRecord }) {
  const out = message.direction === 'out';
  return (
    <Stack
      gap={2}
      align={out ? 'flex-end' : 'flex-start'}
      data-testid="zalo-message"
      data-direction={message.direction}
      data-status={message.status}
    >
      <Paper p="xs" radius="md" maw="80%" bg={out ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-1)'}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.kind === 'zns' ? `ZNS: ${message.template?.name ?? message.text}` : message.text}
        </Text>
      </Paper>
      <Text size="xs" c={message.status === 'failed' ? 'red' : 'dimmed'}>
        {formatDateTime(message.at)}
        {out ? ` · ${MESSAGE_STATUS_LABELS[message.status]}${message.sent_by ? ` · ${message.sent_by}` : ''}` : ''}
        {message.error ? `: ${message.error}` : ''}
      </Text>
    </Stack>
  );
}

function Thread({
  companyId,
  oa,
  conversation,
  canSend,
}: {
  companyId: number;
  oa: OaRecord;
  conversation: ConversationRecord;
  canSend: boolean;
}) {
  const thread = useThread(companyId, conversation.id);
  const refresh = useRefreshMessaging(companyId);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [zns, setZns] = useState(false);

  useEffect(() => {
    if (conversation.unread > 0) void markRead(companyId, conversation.id).then(refresh);
  }, [companyId, conversation.id, conversation.unread, refresh]);

  async function reply() {
    if (!text.trim()) return;
    setBusy(true);
    setProblem(null);
    try {
      await sendMessage({ kind: 'cs', id: uuidv7(), company: companyId, conversation: conversation.id, text });
      setText('');
      await refresh();
    } catch (error) {
      setProblem(errorText(error, 'Không gửi được tin nhắn'));
    } finally {
      setBusy(false);
    }
  }

  const messages = [...(thread.data ?? [])].reverse();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={600}>{conversation.display_name}</Text>
          <Text size="xs" c="dimmed">
            {conversation.customer ? `Khách hàng: ${conversation.customer.name}` : 'Chưa liên kết khách hàng'}
          </Text>
        </div>
        {conversation.window_open && conversation.window_closes_at && (
          <Text size="xs" c="dimmed">
            Gửi tin tư vấn được đến {formatDateTime(conversation.window_closes_at)}
          </Text>
        )}
      </Group>
      <ScrollArea.Autosize mah={460} type="auto">
        <Stack gap="xs" p={4} data-testid="zalo-thread">
          {thread.isPending && <LoadingBlock />}
          {messages.map((message) => (
            <Bubble key={message.id} message={message} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {canSend && conversation.window_open && (
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <Textarea
            style={{ flex: 1 }}
            autosize
            minRows={1}
            maxRows={5}
            maxLength={2000}
            placeholder="Nhập tin trả lời… (Ctrl + Enter để gửi)"
            aria-label="Tin trả lời"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void reply();
            }}
            data-testid="zalo-reply"
          />
          <ActionIcon
            size="lg"
            onClick={() => void reply()}
            loading={busy}
            disabled={!text.trim()}
            aria-label="Gửi"
            data-testid="zalo-reply-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      )}
      <ProblemLine problem={problem} testId="zalo-reply-problem" />
      {canSend && !conversation.window_open && (
        <Alert color="orange" title="Ngoài thời hạn 7 ngày" data-testid="zalo-window-closed">
          <Stack gap="xs">
            <Text size="sm">{WINDOW_CLOSED_MESSAGE}</Text>
            <Button size="xs" w="fit-content" onClick={() => setZns(true)}>
              Gửi ZNS
            </Button>
          </Stack>
        </Alert>
      )}
      {zns && (
        <ZnsDialog
          companyId={companyId}
          oa={oa}
          phone={conversation.customer?.phone ?? ''}
          customer={conversation.customer?.id ?? null}
          onClose={() => setZns(false)}
        />
      )}
    </Stack>
  );
}
