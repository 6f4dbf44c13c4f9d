/**
 * "Lâu chưa ghé" under "Hôm nay": how many of the route's customers have had no order and no visit
 * for the company's days (src/features/visits/model/idle-customers.ts), counted once the day's rows
 * are drawn; opened, each with its last order or visit, and a check-in like a planned stop. Device
 * only: works offline.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatNumber } from '@contract/money';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { useIdleCustomers } from '../api/visits-device';
import classes from './today-plan.module.css';

type Props = {
  db: AppDb;
  companyId: number;
  accountId: number;
  onVisit: (customer: Pick<LocalCustomer, 'id' | 'name' | 'code'>) => void;
  canVisit: boolean;
};

/** After the day's rows are on screen: the idle count is not worth delaying "Hôm nay"'s first draw for. */
function useAfterFirstFrame(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}

export function IdleCustomers({ db, companyId, accountId, onVisit, canVisit }: Props) {
  const idle = useIdleCustomers(db, companyId, accountId, useAfterFirstFrame());
  const [open, setOpen] = useState(false);
  if (!idle || idle.rows.length === 0) return null;
  return (
    <Stack gap={6} data-testid="idle-customers">
      <Button size="xs" variant="subtle" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
        {open ? 'Ẩn' : 'Xem'} {formatNumber(idle.rows.length)} khách hàng trong tuyến lâu chưa ghé (từ {formatNumber(idle.idleDays)} ngày)
      </Button>
      {open && (
        <ul className={classes.list} aria-label="Khách hàng lâu chưa ghé">
          {idle.rows.map(({ customer, last_day, idle_days }) => (
            <li key={customer.id} className={classes.stop} data-testid="idle-customer">
              <div className={classes.main}>
                <span className={classes.name}>{customer.name}</span>
                <span className={classes.meta}>{customer.code}</span>
                <Text span size="xs">
                  {last_day === null
                    ? 'Chưa có đơn hay lượt ghé nào trên máy'
                    : `Lần cuối ${formatDate(`${last_day}T12:00:00+07:00`)} · ${formatNumber(idle_days ?? 0)} ngày trước`}
                </Text>
              </div>
              {canVisit && (
                <button
                  type="button"
                  className={classes.visit}
                  onClick={() => onVisit(customer)}
                  aria-label={`Check-in tại ${customer.name}`}
                >
                  Check-in
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
