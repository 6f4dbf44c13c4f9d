/**
 * The sync diagnostics page: is storage persisted, how much is used, what is queued and why it is
 * stuck, and a way to export it. For the rep on the phone and for whoever helps them.
 */
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useOutboxQueue, useSyncCursor } from '../api/device-queue';
import { useEffect, useState } from 'react';
import type { AppDb, OutboxState } from '@/db/app-db';
import { deviceIdentity } from '@/db/device';
import { formatDateTime } from '@/lib/dates';
import { useSyncStatus } from '@/sync/sync-status';
import { saveBlob } from '@/api/files';
import { exportOutbox } from '../model/export-outbox';
import { OutboxRows, STATE_LABELS } from './outbox-rows';
import { SyncStatusPill } from './sync-status-pill';
import { formatNumber } from '@/lib/money';

type StorageInfo = { persisted: boolean | null; usage: number | null; quota: number | null };

async function readStorageInfo(): Promise<StorageInfo> {
  const persisted = navigator.storage?.persisted ? await navigator.storage.persisted() : null;
  const estimate = navigator.storage?.estimate ? await navigator.storage.estimate() : null;
  return { persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

function useStorageInfo(): [StorageInfo, () => Promise<void>] {
  const query = useQuery({ queryKey: ['storage-info'], queryFn: readStorageInfo, staleTime: 0 });
  const ask = async () => {
    if (navigator.storage?.persist) await navigator.storage.persist();
    await query.refetch();
  };
  return [query.data ?? { persisted: null, usage: null, quota: null }, ask];
}

const megabytes = (bytes: number | null) => (bytes === null ? '—' : `${formatNumber(bytes / 1024 / 1024, 1)} MB`);

export function DiagnosticsView({ db, companyId, onSyncNow }: { db: AppDb; companyId: number; onSyncNow: () => void }) {
  const status = useSyncStatus();
  const [storage, askPersist] = useStorageInfo();
  const [deviceId, setDeviceId] = useState('');
  useEffect(() => {
    void deviceIdentity(db).then((identity) => setDeviceId(identity.deviceId));
  }, [db]);
  const queue = useOutboxQueue(db);
  const ops = queue?.rows ?? [];
  const cursor = useSyncCursor(db, companyId);
  const counts = ops.reduce<Record<OutboxState, number>>((acc, op) => ({ ...acc, [op.state]: acc[op.state] + 1 }), {
    pending: 0,
    sending: 0,
    done: 0,
    rejected: 0,
  });

  async function exportJson() {
    saveBlob(await exportOutbox(db, deviceId), `dong-bo-${deviceId.slice(-8)}-${Date.now()}.json`);
  }

  return (
    <Stack>
      <Group justify="space-between">
        <SyncStatusPill />
        <Group>
          <Button leftSection={<IconRefresh size={16} />} onClick={onSyncNow} loading={status.phase !== 'idle'}>
            Đồng bộ ngay
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportJson()}>
            Xuất dữ liệu (JSON)
          </Button>
        </Group>
      </Group>
      {queue?.stale && (
        <Alert color="red" title="Có dữ liệu chờ gửi quá 24 giờ">
          Hãy kết nối mạng và đồng bộ sớm: dữ liệu chỉ đang nằm trên máy này. Nếu không đồng bộ được, hãy xuất dữ liệu và gửi cho văn phòng.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Title order={5}>Lưu trữ trên máy</Title>
          <Text size="sm" data-testid="storage-persisted">
            Lưu trữ bền vững: {storage.persisted === null ? 'không hỗ trợ' : storage.persisted ? 'đã bật' : 'chưa bật'}
          </Text>
          <Text size="sm">
            Đã dùng: {megabytes(storage.usage)} / {megabytes(storage.quota)}
          </Text>
          {storage.persisted === false && (
            <Button size="xs" variant="light" mt="xs" onClick={() => void askPersist()}>
              Yêu cầu lưu trữ bền vững
            </Button>
          )}
        </Card>
        <Card withBorder>
          <Title order={5}>Đồng bộ</Title>
          <Text size="sm">Lần tải gần nhất: {cursor?.lastPullAt ? formatDateTime(cursor.lastPullAt) : 'chưa có'}</Text>
          <Text size="sm">Lần gửi gần nhất: {cursor?.lastPushAt ? formatDateTime(cursor.lastPushAt) : 'chưa có'}</Text>
          <Text size="sm">Đã tải đủ dữ liệu lần đầu: {cursor?.initialDone ? 'rồi' : 'chưa'}</Text>
          {status.lastError && (
            <Text size="sm" c="red">
              Lỗi gần nhất: {status.lastError}
            </Text>
          )}
        </Card>
        <Card withBorder>
          <Title order={5}>Hàng đợi</Title>
          <Group gap="xs" mt={4}>
            {(Object.keys(STATE_LABELS) as OutboxState[]).map((state) => (
              <Badge key={state} color={STATE_LABELS[state].color} variant="light" data-testid={`outbox-count-${state}`}>
                {STATE_LABELS[state].label}: {counts[state]}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            Mã thiết bị: {deviceId}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder padding={0}>
        {ops.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            Không có thao tác nào trên máy này.
          </Text>
        ) : (
          <OutboxRows db={db} ops={ops} />
        )}
      </Card>
    </Stack>
  );
}
