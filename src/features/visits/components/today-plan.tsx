/**
 * "Hôm nay": the rep's planned customers for today in the plan's order, visited or not, with the
 * distance from where the rep stands when they ask for it (a fix kept on the phone, never sent:
 * positions are recorded only at check-in and check-out, contract/visits-place.ts LOCATION_NOTICE).
 * Reads only the device (src/features/visits/model/day-plan.ts): works offline. Nothing shows for
 * someone without an approved plan in effect.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation, IconLogin } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { formatAddress } from '@contract/address';
import type { GeoLocation } from '@contract/visits';
import { distanceMetres, formatMetres } from '@contract/visits-place';
import { describeStop } from '@contract/visits-plans';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { formatDate, formatTime } from '@/lib/dates';
import { dayPlanOnDevice, type TodayStop } from '../model/day-plan';
import { currentLocation } from '../model/visit-actions';

type Props = {
  db: AppDb;
  companyId: number;
  accountId: number;
  /** Check in at a planned customer: the check-in form takes it. */
  onVisit: (customer: Pick<LocalCustomer, 'id' | 'name' | 'code'>) => void;
  /** Whether a visit is open (no new check-in until its check-out). */
  busyElsewhere: boolean;
};

function StopRow({
  stop,
  index,
  here,
  onVisit,
  canVisit,
}: {
  stop: TodayStop;
  index: number;
  here: GeoLocation | null;
  onVisit: Props['onVisit'];
  canVisit: boolean;
}) {
  const customer = stop.customer;
  const name = customer?.name ?? 'Khách hàng chưa có trên máy';
  const pin = customer && customer.lat !== null && customer.lng !== null ? { lat: customer.lat, lng: customer.lng } : null;
  return (
    <Card withBorder radius="sm" padding="xs" data-testid="today-stop" data-visited={stop.visit ? 'yes' : 'no'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {index + 1}. {name}
          </Text>
          {customer && (
            <Text size="xs" c="dimmed" truncate="end">
              {customer.code}
              {formatAddress(customer.address) ? ` · ${formatAddress(customer.address)}` : ''}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {describeStop(stop)}
          </Text>
          <Group gap={4} mt={4}>
            {stop.visit ? (
              <Badge size="xs" color="teal" variant="light">
                Đã ghé lúc {formatTime(stop.visit.check_in_at)}
              </Badge>
            ) : (
              <Badge size="xs" color="gray" variant="outline">
                Chưa ghé
              </Badge>
            )}
            {here && pin && (
              <Badge size="xs" color="blue" variant="outline" data-testid="today-distance">
                Cách {formatMetres(distanceMetres(here, pin))}
              </Badge>
            )}
            {here && !pin && (
              <Badge size="xs" color="gray" variant="outline">
                Chưa ghim vị trí
              </Badge>
            )}
          </Group>
        </div>
        {!stop.visit && customer && canVisit && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLogin size={14} />}
            onClick={() => onVisit(customer)}
            aria-label={`Check-in tại ${name}`}
          >
            Check-in
          </Button>
        )}
      </Group>
    </Card>
  );
}

export function TodayPlan({ db, companyId, accountId, onVisit, busyElsewhere }: Props) {
  const plan = useLiveQuery(() => dayPlanOnDevice(db, companyId, accountId), [db, companyId, accountId]);
  const [here, setHere] = useState<GeoLocation | null>(null);
  const [locating, setLocating] = useState(false);
  const [noFix, setNoFix] = useState(false);
  if (!plan?.inEffect) return null;
  const visited = plan.stops.filter((stop) => stop.visit).length;

  async function locate() {
    setLocating(true);
    const fix = await currentLocation();
    setHere(fix);
    setNoFix(fix === null);
    setLocating(false);
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="today-plan">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={4}>Hôm nay</Title>
            <Text size="sm" c="dimmed">
              {formatDate(`${plan.day}T12:00:00+07:00`)} · Đã ghé {visited}/{plan.stops.length} khách hàng trong tuyến
              {plan.unplanned.length ? ` · ${plan.unplanned.length} lượt ngoài tuyến` : ''}
            </Text>
          </div>
          {plan.stops.length > 0 && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCurrentLocation size={14} />}
              loading={locating}
              onClick={() => void locate()}
            >
              Khoảng cách từ chỗ tôi
            </Button>
          )}
        </Group>
        {noFix && (
          <Text size="xs" c="dimmed" role="status">
            Không lấy được vị trí của máy: hãy bật định vị rồi thử lại.
          </Text>
        )}
        {here && (
          <Text size="xs" c="dimmed">
            Vị trí này chỉ dùng để tính khoảng cách trên máy, không được gửi đi.
          </Text>
        )}
        {plan.stops.length === 0 ? (
          <Text size="sm">Hôm nay không có khách hàng nào trong tuyến.</Text>
        ) : (
          plan.stops.map((stop, index) => (
            <StopRow key={stop.customer_id} stop={stop} index={index} here={here} onVisit={onVisit} canVisit={!busyElsewhere} />
          ))
        )}
      </Stack>
    </Card>
  );
}
