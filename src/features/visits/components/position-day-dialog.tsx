/**
 * "Xem vị trí trong ngày" (a visit with a position, on the visit lists): the rep's visits of that
 * Vietnam day in time order, each with its time, customer, distance from the customer's pin, flags
 * and a link opening the point on a map. The server logs every opening by someone other than the rep
 * (contract/visits-positions.ts), and the dialog says so before it shows anything.
 */
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { VISIT_FLAG_LABELS, type GeoLocation } from '@contract/visits';
import { formatMetres } from '@contract/visits-place';
import type { PositionDayVisit } from '@contract/visits-positions';
import { formatDate, formatTime } from '@/lib/dates';
import { mapLink } from '@/lib/map-link';
import { formatNumber } from '@/lib/money';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemLine } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useSession } from '@/session/session-store';
import { usePositionDay } from '../api/visits-api';

export const POSITION_LOGGED_NOTE =
  'Lượt xem này được ghi lại (người xem, nhân viên, ngày, số vị trí, thời điểm) và nhân viên có thể xem ai đã xem vị trí của mình.';
const OWN_NOTE = 'Đây là vị trí của chính bạn: lượt xem không được ghi lại.';

/** One point: what it is, how precise, and a named link to the map (the link text says where it goes). */
function Point({ label, at, point }: { label: string; at: string; point: GeoLocation | null }) {
  if (!point) return <Text size="xs">{`${label} ${formatTime(at)}: không có vị trí`}</Text>;
  return (
    <Text size="xs">
      {`${label} ${formatTime(at)}`}
      {point.accuracy != null ? ` · sai số ${formatMetres(point.accuracy)}` : ''}
      {' · '}
      <Anchor href={mapLink(point.lat, point.lng)} target="_blank" rel="noreferrer" size="xs">
        {`Mở bản đồ (${label.toLowerCase()} lúc ${formatTime(at)})`}
      </Anchor>
    </Text>
  );
}

function DayVisit({ visit }: { visit: PositionDayVisit }) {
  return (
    <Stack gap={2} data-testid="position-day-visit">
      <Text size="sm" fw={600}>
        {formatTime(visit.check_in_at)} · {visit.customer_name}
      </Text>
      <Text size="xs" c="dimmed">
        {visit.check_in_distance_m != null
          ? `Cách vị trí khách hàng ${formatMetres(visit.check_in_distance_m)}`
          : 'Không so được với vị trí khách hàng'}
      </Text>
      <Point label="Check-in" at={visit.check_in_at} point={visit.check_in_location} />
      {visit.check_out_at && <Point label="Check-out" at={visit.check_out_at} point={visit.check_out_location} />}
      {visit.flags.length > 0 && (
        <Group gap={4}>
          {visit.flags.map((flag) => (
            <Badge key={flag} size="xs" variant="light" color="orange">
              {VISIT_FLAG_LABELS[flag]}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

type Props = { companyId: number; accountId: number; accountName: string; checkInAt: string };

function DayBody({ companyId, accountId, date }: { companyId: number; accountId: number; date: string }) {
  const day = usePositionDay(companyId, accountId, date, true);
  if (day.error) return <ProblemLine problem={day.error.message} />;
  if (!day.data) return <LoadingBlock />;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {formatNumber(day.data.visits.length)} lượt ghé thăm · {formatNumber(day.data.positions)} vị trí
      </Text>
      {day.data.visits.length === 0 ? (
        <EmptyState title="Không có lượt ghé thăm nào trong ngày" />
      ) : (
        day.data.visits.map((visit) => <DayVisit key={visit.id} visit={visit} />)
      )}
    </Stack>
  );
}

/** The button on a visit and its dialog; the day is the visit's, in Vietnam time. */
export function PositionDayButton({ companyId, accountId, accountName, checkInAt }: Props) {
  const [opened, setOpened] = useState(false);
  const own = useSession().account?.id === accountId;
  const date = vietnamDay(new Date(checkInAt));
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconMapPin size={12} />}
        onClick={() => setOpened(true)}
        aria-label={`Xem vị trí trong ngày ${formatDate(date)} của ${accountName}`}
      >
        Xem vị trí trong ngày
      </Button>
      {opened && (
        <ResponsiveModal opened onClose={() => setOpened(false)} title={`Vị trí trong ngày ${formatDate(date)}: ${accountName}`}>
          <Stack gap="md" data-testid="position-day">
            <Text size="xs" c="dimmed">
              {own ? OWN_NOTE : POSITION_LOGGED_NOTE}
            </Text>
            <DayBody companyId={companyId} accountId={accountId} date={date} />
          </Stack>
        </ResponsiveModal>
      )}
    </>
  );
}
