/**
 * /customers/settings: the customer levels (Đồng, Bạc, Vàng…) in rank order: add, rename, move up or
 * down (the ranks are renumbered 1…n), delete. Changes need the server; offline the list is read-only.
 */
import { ActionIcon, Alert, Button, Card, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCheck, IconCloudOff, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { CustomerLevelRecord } from '@contract/customers';
import type { AppDb } from '@/db/app-db';
import { useSyncStatus } from '@/sync/sync-status';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { useCustomerLevels } from '../api/customer-queries';
import { afterWrite, useCustomerWrites, writeErrorMessage } from '../api/customer-writes';
import { useQueryClient } from '@tanstack/react-query';
import { toastedWrite } from '@/ui/toasted-write';
import { LoadingBlock } from '@/ui/loading-block';

export const LEVEL_TITLE_REQUIRED = 'Vui lòng nhập tên cấp độ';

/** The ranks after moving `index` by `step`: every level numbered 1…n in the new order. */
export function reorderedRanks(levels: CustomerLevelRecord[], index: number, step: -1 | 1): { id: number; rank: number }[] {
  const order = [...levels];
  const target = index + step;
  if (target < 0 || target >= order.length) return [];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order.map((level, position) => ({ id: level.id, rank: position + 1 }));
}

function LevelRow({
  level,
  index,
  total,
  busy,
  editable,
  onRename,
  onMove,
  onDelete,
}: {
  level: CustomerLevelRecord;
  index: number;
  total: number;
  busy: boolean;
  editable: boolean;
  onRename: (title: string) => Promise<boolean>;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(level.title);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError(LEVEL_TITLE_REQUIRED);
      return;
    }
    if (await onRename(title.trim())) setEditing(false);
  }

  return (
    <Card withBorder radius="md" padding="sm" data-testid="level-row">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <Text c="dimmed" size="sm" w={24} ta="right">
            {index + 1}.
          </Text>
          {editing ? (
            <form onSubmit={(event) => void save(event)} style={{ flex: 1 }}>
              <Group gap={4} wrap="nowrap">
                <TextInput
                  aria-label="Tên cấp độ"
                  value={title}
                  onChange={(event) => {
                    setTitle(event.currentTarget.value);
                    setError(null);
                  }}
                  error={error}
                  maxLength={60}
                  style={{ flex: 1 }}
                  data-autofocus
                  autoFocus
                />
                <ActionIcon type="submit" variant="light" color="teal" size="lg" aria-label="Lưu tên" loading={busy}>
                  <IconCheck size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label="Hủy đổi tên"
                  onClick={() => {
                    setEditing(false);
                    setTitle(level.title);
                    setError(null);
                  }}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Group>
            </form>
          ) : (
            <Text fw={600} truncate="end" data-testid="level-title">
              {level.title}
            </Text>
          )}
        </Group>
        {!editing && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Lên trên">
              <ActionIcon
                variant="subtle"
                aria-label={`Đưa ${level.title} lên`}
                disabled={!editable || busy || index === 0}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Xuống dưới">
              <ActionIcon
                variant="subtle"
                aria-label={`Đưa ${level.title} xuống`}
                disabled={!editable || busy || index === total - 1}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Đổi tên">
              <ActionIcon
                variant="subtle"
                aria-label={`Đổi tên ${level.title}`}
                disabled={!editable || busy}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Xóa">
              <ActionIcon variant="subtle" color="red" aria-label={`Xóa ${level.title}`} disabled={!editable || busy} onClick={onDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Card>
  );
}

export function CustomerLevelSettings({ db, companyId }: { db: AppDb; companyId: number }) {
  const levels = useCustomerLevels(db, companyId);
  const writes = useCustomerWrites(db, companyId);
  const queryClient = useQueryClient();
  const online = useSyncStatus((sync) => sync.online);
  const [newTitle, setNewTitle] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = levels.data?.rows ?? [];
  const editable = online && levels.data?.source === 'server';

  async function run<T>(work: () => Promise<T>, failure: string): Promise<T | null> {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      toast.error(writeErrorMessage(error, failure));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!newTitle.trim()) {
      setNewError(LEVEL_TITLE_REQUIRED);
      return;
    }
    const rank = Math.min(1000, rows.reduce((max, level) => Math.max(max, level.rank), 0) + 1);
    const saved = await run(() => writes.saveLevel(null, { title: newTitle.trim(), rank }), 'Không thêm được cấp độ');
    if (saved) {
      toast.success('Thêm cấp độ thành công');
      setNewTitle('');
    }
  }

  async function rename(level: CustomerLevelRecord, title: string): Promise<boolean> {
    const saved = await run(() => writes.saveLevel(level.id, { title, rank: level.rank, note: level.note }), 'Không đổi được tên cấp độ');
    if (saved) toast.success('Cập nhật cấp độ thành công');
    return saved !== null;
  }

  async function move(index: number, step: -1 | 1) {
    const ranks = reorderedRanks(rows, index, step);
    const changed = ranks.filter(({ id, rank }) => rows.find((level) => level.id === id)?.rank !== rank);
    await run(async () => {
      try {
        for (const { id, rank } of changed) {
          const level = rows.find((row) => row.id === id)!;
          await writes.saveLevel(id, { title: level.title, rank, note: level.note }, false);
        }
      } finally {
        await afterWrite(queryClient, companyId, ['levels']);
      }
    }, 'Không đổi được thứ tự cấp độ');
  }

  function remove(level: CustomerLevelRecord) {
    void openConfirm({
      message: `Xác nhận xóa cấp độ "${level.title}"? Khách hàng đang ở cấp độ này sẽ không còn cấp độ nào.`,
      icon: 'warning',
      onOk: () =>
        toastedWrite(
          async () => {
            await writes.deleteLevel(level.id);
            return 'Đã xóa cấp độ';
          },
          (error) => writeErrorMessage(error, 'Không xóa được cấp độ'),
        ),
    });
  }

  return (
    <Stack gap="md" maw={720} data-testid="level-settings">
      <Text size="sm" c="dimmed">
        Cấp độ xếp theo thứ hạng từ thấp đến cao; dùng để lọc khách hàng và đặt chính sách giá.
      </Text>
      {levels.data?.source === 'device' && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} p="xs">
          Không có kết nối mạng: chỉ xem được, cần có mạng để thay đổi cấp độ.
        </Alert>
      )}
      {levels.isError && <Alert color="red">{levels.error.message}</Alert>}
      <form onSubmit={(event) => void add(event)}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label="Tên cấp độ mới"
            placeholder="Tên cấp độ mới, VD: Bạch kim"
            value={newTitle}
            onChange={(event) => {
              setNewTitle(event.currentTarget.value);
              setNewError(null);
            }}
            error={newError}
            maxLength={60}
            style={{ flex: 1 }}
            disabled={!editable}
            data-testid="level-new-title"
          />
          <Button type="submit" leftSection={<IconPlus size={18} />} disabled={!editable} loading={busy} data-testid="level-add">
            Thêm
          </Button>
        </Group>
      </form>
      {levels.isPending ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        <EmptyState title="Chưa có cấp độ nào" description="Thêm cấp độ đầu tiên, ví dụ Đồng, Bạc, Vàng." />
      ) : (
        <Stack gap="xs">
          {rows.map((level, index) => (
            <LevelRow
              key={`${level.id}:${level.title}`}
              level={level}
              index={index}
              total={rows.length}
              busy={busy}
              editable={editable}
              onRename={(title) => rename(level, title)}
              onMove={(step) => void move(index, step)}
              onDelete={() => remove(level)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
