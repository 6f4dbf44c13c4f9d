/**
 * The location notice a rep reads and accepts before their first check-in on a device
 * (contract/visits-place.ts LOCATION_NOTICE, REP_LOCATION_RULES.onlyAtVisit). Accepting works offline:
 * it is kept on the device at once and reaches the company's record with the next sync.
 */
import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { LOCATION_NOTICE } from '@contract/visits-place';
import type { AppDb } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { toast } from '@/ui/toast';
import { acceptLocationNotice, type Visitor } from '../model/visit-actions';

export function LocationNoticeCard({ db, visitor }: { db: AppDb; visitor: Visitor }) {
  const [busy, setBusy] = useState(false);
  async function accept() {
    setBusy(true);
    try {
      await acceptLocationNotice(db, visitor);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Không lưu được sự đồng ý');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card withBorder radius="md" padding="md" data-testid="location-notice">
      <Stack gap="sm">
        <Title order={4}>{LOCATION_NOTICE.title}</Title>
        <List size="sm" spacing={6}>
          {LOCATION_NOTICE.points.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          Phiên bản {formatDate(LOCATION_NOTICE.version)}. Bạn cần đồng ý một lần trước lượt check-in đầu tiên.
        </Text>
        <Button leftSection={<IconShieldCheck size={18} />} onClick={() => void accept()} loading={busy}>
          Tôi đã đọc và đồng ý
        </Button>
      </Stack>
    </Card>
  );
}
