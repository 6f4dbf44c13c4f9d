/**
 * "Hôm nay": the rep's planned customers for today in the plan's order, visited or not, with the
 * distance from where the rep stands when they ask for it (a fix kept on the phone, never sent:
 * positions are recorded only at check-in and check-out, contract/visits-place.ts LOCATION_NOTICE).
 * Reads only the device (src/features/visits/model/day-plan.ts): works offline. Nothing shows for
 * someone without an approved plan in effect.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useState } from 'react';
import { formatAddress } from '@contract/address';
import type { GeoLocation } from '@contract/visits';
import { distanceMetres, formatMetres } from '@contract/visits-place';
import { describeStop } from '@contract/visits-plans';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { formatDate, formatTime } from '@/lib/dates';
import { useDayPlan } from '../api/visits-device';
import { IdleCustomers } from './idle-customers';
import type { TodayStop } from '../model/day-plan';
import { currentLocation } from '../model/visit-actions';
import classes from './today-plan.module.css';

type Props = {
  db: AppDb;
  companyId: number;
  accountId: number;
  /** Check in at a planned customer: the check-in form takes it. */
  onVisit: (customer: Pick<LocalCustomer, 'id' | 'name' | 'code'>) => void;
  /** Whether a visit is open (no new check-in until its check-out). */
  busyElsewhere: boolean;
};

/** How many of the day's unvisited stops show at first: the next calls, drawn fast on a cheap phone. */
export const FIRST_ROWS = 20;

function StopRow({
  stop,
  here,
  onVisit,
  canVisit,
}: {
  stop: TodayStop & { order: number };
  here: GeoLocation | null;
  onVisit: Props['onVisit'];
  canVisit: boolean;
}) {
  const customer = stop.customer;
  const name = customer?.name ?? 'Khách hàng chưa có trên máy';
  const pin = customer && customer.lat !== null && customer.lng !== null ? { lat: customer.lat, lng: customer.lng } : null;
  const address = customer ? formatAddress(customer.address) : '';
  return (
    <li className={classes.stop} data-testid="today-stop" data-visited={stop.visit ? 'yes' : 'no'}>
      <div className={classes.main}>
        <span className={classes.name}>
          {stop.order}. {name}
        </span>
        {customer && <span className={classes.meta}>{address ? `${customer.code} · ${address}` : customer.code}</span>}
        <span className={classes.meta}>{describeStop(stop)}</span>
        <span className={classes.tags}>
          {stop.visit ? (
            <span className={`${classes.tag} ${classes.done}`}>Đã ghé lúc {formatTime(stop.visit.check_in_at)}</span>
          ) : (
            <span className={classes.tag}>Chưa ghé</span>
          )}
          {here && (
            <span className={`${classes.tag} ${pin ? classes.near : ''}`} data-testid={pin ? 'today-distance' : undefined}>
              {pin ? `Cách ${formatMetres(distanceMetres(here, pin))}` : 'Chưa ghim vị trí'}
            </span>
          )}
        </span>
      </div>
      {!stop.visit && customer && canVisit && (
        <button type="button" className={classes.visit} onClick={() => onVisit(customer)} aria-label={`Check-in tại ${name}`}>
          Check-in
        </button>
      )}
    </li>
  );
}

export function TodayPlan({ db, companyId, accountId, onVisit, busyElsewhere }: Props) {
  const plan = useDayPlan(db, companyId, accountId);
  const [here, setHere] = useState<GeoLocation | null>(null);
  const [locating, setLocating] = useState(false);
  const [noFix, setNoFix] = useState(false);
  const [allTodo, setAllTodo] = useState(false);
  const [showDone, setShowDone] = useState(false);
  if (!plan?.inEffect) return null;
  const numbered = plan.stops.map((stop, index) => ({ ...stop, order: index + 1 }));
  const todo = numbered.filter((stop) => !stop.visit);
  const done = numbered.filter((stop) => stop.visit);
  const shownTodo = allTodo ? todo : todo.slice(0, FIRST_ROWS);
  const visited = done.length;

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
          <>
            <ul className={classes.list} aria-label="Khách hàng chưa ghé hôm nay">
              {shownTodo.map((stop) => (
                <StopRow key={stop.customer_id} stop={stop} here={here} onVisit={onVisit} canVisit={!busyElsewhere} />
              ))}
            </ul>
            {todo.length > shownTodo.length && (
              <Button size="xs" variant="subtle" onClick={() => setAllTodo(true)}>
                Xem thêm {todo.length - shownTodo.length} khách hàng chưa ghé
              </Button>
            )}
            {done.length > 0 && (
              <Button size="xs" variant="subtle" onClick={() => setShowDone((shown) => !shown)} aria-expanded={showDone}>
                {showDone ? 'Ẩn' : 'Xem'} {done.length} khách hàng đã ghé
              </Button>
            )}
            {showDone && (
              <ul className={classes.list} aria-label="Khách hàng đã ghé hôm nay">
                {done.map((stop) => (
                  <StopRow key={stop.customer_id} stop={stop} here={here} onVisit={onVisit} canVisit={false} />
                ))}
              </ul>
            )}
          </>
        )}
        <IdleCustomers db={db} companyId={companyId} accountId={accountId} onVisit={onVisit} canVisit={!busyElsewhere} />
      </Stack>
    </Card>
  );
}
