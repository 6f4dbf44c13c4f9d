/**
 * Visits as cards (phones) that read the same on desktop: who, where, when, how long, what state; a
 * visit with a position opens the rep's day with its positions (position-day-dialog.tsx, logged).
 * The photos the server holds for a visit show as a strip of thumbnails with their count (a visit
 * made on this phone carries none until the server's copy comes back; the rep's own are on the
 * check-in panel, visit-photos.tsx).
 */
import { PLAN_STATE_LABELS, UNPLANNED_REASONS } from '@contract/visits-plans';
import { Badge, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { filePaths } from '@contract/files';
import { photoAlt, VISIT_FLAG_LABELS, type VisitFlag } from '@contract/visits';
import { formatMetres } from '@contract/visits-place';
import { formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { AuthedImage } from '@/ui/authed-image';
import { EmptyState } from '@/ui/empty-state';
import { SyncChip } from '@/ui/sync-chip';
import type { VisitListResult, VisitRow } from '../api/visits-api';
import { CardHead } from '@/ui/list-page/card-head';
import { PositionDayButton } from './position-day-dialog';

function duration(from: string, to: string | null): string | null {
  if (!to) return null;
  const minutes = Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000));
  return minutes < 60 ? `${minutes} phút` : `${Math.floor(minutes / 60)} giờ ${minutes % 60} phút`;
}

/** Flags that only inform (a pin set) read apart from those asking for a second look. */
const INFO_FLAGS: ReadonlySet<VisitFlag> = new Set(['PIN_SET']);

/** The server says whether a visit has a position (its coordinates go to its own rep only); a visit made here carries its own. */
function hasPosition(visit: VisitRow): boolean {
  return visit.has_location ?? visit.check_in_location !== null;
}

const THUMB = 56;
/** Thumbnails a card shows at most (a visit may hold 20 photos); the count says how many there are. */
const MAX_THUMBS = 6;

function VisitPhotoStrip({ visit }: { visit: VisitRow }) {
  const photos = visit.photos ?? [];
  if (photos.length === 0) return null;
  return (
    <Group gap={4} mt={4} data-testid="visit-photo-strip">
      {photos.slice(0, MAX_THUMBS).map((photo) => (
        <AuthedImage key={photo.id} path={`${filePaths.file(photo.file_id)}?company=${visit.company}`} alt={photoAlt(photo)} size={THUMB} />
      ))}
      <Text size="xs" c="dimmed" data-testid="visit-photo-count">
        {formatNumber(photos.length)} ảnh
      </Text>
    </Group>
  );
}

type Props = { result: VisitListResult; page: number; limit: number; onPage: (page: number) => void; showStaff: boolean };

export function VisitList({ result, page, limit, onPage, showStaff }: Props) {
  if (!result.loading && result.rows.length === 0) return <EmptyState title="Chưa có lượt ghé thăm nào" />;
  return (
    <Stack gap="xs" data-testid="visit-list">
      {result.source === 'device' && (
        <Text size="xs" c="dimmed">
          Đang hiển thị dữ liệu trên máy (ngoại tuyến).
        </Text>
      )}
      {result.rows.map((visit) => (
        <Card key={visit.id} withBorder padding="sm" radius="md" data-testid="visit-row" data-id={visit.id}>
          <CardHead aside={<SyncChip state={visit.syncState} error={visit.error} />}>
            <Text fw={600}>{visit.customer_name}</Text>
            {showStaff && (
              <Text size="xs" c="dimmed">
                {visit.account_name}
              </Text>
            )}
            <Text size="sm">
              Vào: {formatDateTime(visit.check_in_at)}
              {visit.check_out_at ? ` · Ra: ${formatDateTime(visit.check_out_at)}` : ' · Chưa check-out'}
              {duration(visit.check_in_at, visit.check_out_at) ? ` · ${duration(visit.check_in_at, visit.check_out_at)}` : ''}
            </Text>
            {(visit.check_in_note || visit.check_out_note) && (
              <Text size="xs" c="dimmed">
                {[visit.check_in_note, visit.check_out_note].filter(Boolean).join(' · ')}
              </Text>
            )}
            <Group gap={4} mt={4}>
              {hasPosition(visit) && (
                <Badge size="xs" variant="outline" leftSection={<IconMapPin size={10} />}>
                  Có vị trí
                </Badge>
              )}
              {visit.check_in_distance_m != null && (
                <Badge size="xs" variant="outline" color="gray" data-testid="visit-distance">
                  Cách khách hàng {formatMetres(visit.check_in_distance_m)}
                </Badge>
              )}
              {visit.plan_state && (
                <Badge
                  size="xs"
                  variant="light"
                  color={visit.plan_state === 'planned' ? 'teal' : 'grape'}
                  // With its reason it is longer than a 390 px card holds on one line: it wraps, never cut.
                  h="auto"
                  maw="100%"
                  styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                  data-testid="visit-plan-state"
                >
                  {PLAN_STATE_LABELS[visit.plan_state]}
                  {visit.unplanned_reason ? `: ${UNPLANNED_REASONS[visit.unplanned_reason]}` : ''}
                </Badge>
              )}
              {visit.flags.map((flag) => (
                <Badge key={flag} size="xs" color={INFO_FLAGS.has(flag) ? 'teal' : 'orange'} variant="light">
                  {VISIT_FLAG_LABELS[flag]}
                </Badge>
              ))}
            </Group>
            <VisitPhotoStrip visit={visit} />
            {hasPosition(visit) && visit.syncState === 'synced' && (
              <Group gap={4} mt={4}>
                <PositionDayButton
                  companyId={visit.company}
                  accountId={visit.account_id}
                  accountName={visit.account_name}
                  checkInAt={visit.check_in_at}
                />
              </Group>
            )}
          </CardHead>
        </Card>
      ))}
      {result.count > limit && <Pagination total={Math.ceil(result.count / limit)} value={page} onChange={onPage} mt="sm" />}
    </Stack>
  );
}
