/**
 * Check-in / check-out for the rep: an open visit shows its check-out; otherwise pick a customer
 * and check in. Both are saved on the device at once and sent when there is signal. Members whose
 * role may not record visits (visits/create) do not see the panel.
 */
import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLogin, IconLogout, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import type { GeoLocation } from '@contract/visits';
import { UNPLANNED_REASONS, type UnplannedReason } from '@contract/visits-plans';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { setUiFlags } from '@/session/ui-flags';
import { toast } from '@/ui/toast';
import { SyncChip } from '@/ui/sync-chip';
import { NoteField } from '@/ui/note-field';
import { CustomerPicker } from '@/ui/customer-picker';
import { useSelectSearch } from '@/ui/searched-select';
import { useLocalPin, useNoticeAccepted, useOpenVisit, usePlanState } from '../api/visits-device';
import { useCustomerSearch } from '@/db/live-lookups';
import { LocationNoticeCard } from './location-notice-card';
import { VisitPhotos } from './visit-photos';
import { checkIn, checkOut, currentLocation, placeOnDevice, type DevicePlace, type Visitor } from '../model/visit-actions';

type Picked = Pick<LocalCustomer, 'id' | 'name' | 'code'>;

type Props = {
  db: AppDb;
  visitor: Visitor;
  /** On a customer's page: check in there, without picking. */
  customer?: Picked;
  /** The pick held by the page, so "Hôm nay" (today-plan.tsx) can choose the customer. */
  choice?: { customer: Picked | null; onChange: (customer: Picked | null) => void };
};

/** Asked when the customer is not on today's route plan (contract/visits-plans.ts UNPLANNED_REASONS). */
function UnplannedReasonField({ value, onChange }: { value: UnplannedReason | null; onChange: (reason: UnplannedReason | null) => void }) {
  return (
    <Select
      label="Lý do ghé thăm ngoài tuyến"
      description="Khách hàng này không có trong tuyến hôm nay."
      placeholder="Chọn lý do"
      required
      data-testid="unplanned-reason"
      data={Object.entries(UNPLANNED_REASONS).map(([key, label]) => ({ value: key, label }))}
      value={value}
      onChange={(next) => onChange(next as UnplannedReason | null)}
      allowDeselect={false}
    />
  );
}

/** Finding the customer on the device as the rep types, without diacritics, online or not. */
function CustomerChoices({ db, companyId, onPick }: { db: AppDb; companyId: number; onPick: (customer: LocalCustomer) => void }) {
  const search = useSelectSearch({ delay: 150, trim: true });
  const results = useCustomerSearch(db, companyId, search.debounced, 20);
  return (
    <CustomerPicker
      search={search}
      customers={results}
      onPick={onPick}
      empty={{ blank: 'Không tìm thấy khách hàng nào.', searched: 'Không tìm thấy khách hàng nào.' }}
      testIds={{ search: 'customer-search', results: 'customer-results' }}
    />
  );
}

/** What the company's rule made of a check-in's place: a refusal to read, or a warning to confirm. */
type Held = { place: DevicePlace; location: GeoLocation | null };

function PlaceAlert({ held, onConfirm, onCancel, busy }: { held: Held; onConfirm: () => void; onCancel: () => void; busy: boolean }) {
  const blocked = held.place.verdict === 'block';
  return (
    <Alert
      color={blocked ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      data-testid="check-in-place"
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{held.place.message}</Text>
        {blocked ? (
          <Text size="sm">Hãy đến đúng cửa hàng, bật định vị chính xác rồi check-in lại.</Text>
        ) : (
          <Group gap="xs">
            <Button size="xs" color="orange" onClick={onConfirm} loading={busy}>
              Vẫn check-in
            </Button>
            <Button size="xs" variant="default" onClick={onCancel}>
              Hủy
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

export function CheckInPanel({ db, visitor, customer: fixed, choice }: Props) {
  const open = useOpenVisit(db, visitor.companyId, visitor.accountId);
  const [ownPick, setOwnPick] = useState<Picked | null>(null);
  const picked = choice ? choice.customer : ownPick;
  const setCustomer = choice ? choice.onChange : setOwnPick;
  const customer = fixed ?? picked;
  const [reason, setReason] = useState<UnplannedReason | null>(null);
  const planState = usePlanState(db, visitor, customer?.id ?? null);
  const [note, setNote] = useState('');
  const [withLocation, setWithLocation] = useState(true);
  const [pinHere, setPinHere] = useState(true);
  const [held, setHeld] = useState<Held | null>(null);
  const [busy, setBusy] = useState(false);
  const canVisit = useCan('visits', 'create');
  // undefined while reading; the pin checkbox shows only for a customer the device knows has none.
  const pin = useLocalPin(db, customer?.id ?? null);
  const accepted = useNoticeAccepted(db, visitor.companyId, visitor.accountId);

  function pick(next: Picked | null) {
    setCustomer(next);
    setHeld(null);
    setReason(null);
  }

  async function checkInAt(target: Pick<LocalCustomer, 'id' | 'name'>, location: GeoLocation | null, confirmed?: Held) {
    const place = confirmed?.place ?? (await placeOnDevice(db, visitor.companyId, target.id, location));
    // Refused, or to be confirmed, as the server will judge it (contract/visits-place.ts); 'allow' is only flagged.
    if (place.verdict === 'block' || (place.verdict === 'warn' && !confirmed)) {
      setHeld({ place, location });
      return;
    }
    const plan = { state: planState ?? null, reason };
    await checkIn(db, visitor, target, { note: note.trim() || null, location, place, pin: pinHere, plan });
    setUiFlags({ checkedIn: true, checkedOut: false });
    toast.success(`Đã check-in tại ${target.name}`);
    if (!fixed) setCustomer(null);
    setHeld(null);
    setNote('');
    setReason(null);
  }

  async function run(action: 'in' | 'out', confirmed?: Held) {
    setBusy(true);
    try {
      const location = confirmed ? confirmed.location : withLocation ? await currentLocation() : null;
      if (action === 'in' && customer) await checkInAt(customer, location, confirmed);
      else if (action === 'out' && open) {
        await checkOut(db, visitor, open.id, { note: note.trim() || null, location });
        setUiFlags({ checkedOut: true });
        toast.success(`Đã check-out khỏi ${open.customer_name}`);
        setNote('');
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Không lưu được lượt ghé thăm');
    } finally {
      setBusy(false);
    }
  }

  const noteInput = (
    <NoteField label="Ghi chú" placeholder="Nội dung làm việc, kết quả…" value={note} onChange={setNote} maxLength={1000} />
  );
  const locationToggle = (
    <Checkbox
      label="Ghi lại vị trí GPS"
      description="Vị trí chỉ được lấy lúc check-in và check-out, không theo dõi liên tục."
      checked={withLocation}
      onChange={(event) => setWithLocation(event.currentTarget.checked)}
    />
  );

  if (open === undefined || accepted === undefined || !canVisit) return null;
  // Before a first check-in here: the rep reads what is done with their position (an open visit was begun after it).
  if (!accepted && !open) return <LocationNoticeCard db={db} visitor={visitor} />;
  if (open) {
    return (
      <Card withBorder radius="md" padding="md" data-testid="open-visit">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed">
                Đang ghé thăm
              </Text>
              <Title order={4}>{open.customer_name}</Title>
              <Text size="sm">Check-in lúc {formatDateTime(open.check_in_at)}</Text>
            </div>
            <SyncChip state={open.syncState} error={open.error} />
          </Group>
          <VisitPhotos db={db} visitor={visitor} visit={open} />
          {noteInput}
          {locationToggle}
          <Button color="orange" leftSection={<IconLogout size={18} />} onClick={() => void run('out')} loading={busy}>
            Check-out
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" data-testid="check-in-form">
      <Stack gap="sm">
        <Title order={4}>Check-in tại khách hàng</Title>
        {customer ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconMapPin size={18} />}
            withCloseButton
            onClose={() => pick(null)}
            closeButtonLabel="Chọn khách hàng khác"
          >
            <Text fw={600}>{customer.name}</Text>
            <Text size="xs">{customer.code}</Text>
          </Alert>
        ) : (
          <CustomerChoices db={db} companyId={visitor.companyId} onPick={pick} />
        )}
        {noteInput}
        {locationToggle}
        {customer && pin === null && withLocation && (
          <Checkbox
            label="Ghim vị trí khách hàng tại đây"
            description="Khách hàng chưa có vị trí trên bản đồ: lấy vị trí GPS lúc check-in (khi đủ chính xác) làm vị trí cửa hàng."
            checked={pinHere}
            onChange={(event) => setPinHere(event.currentTarget.checked)}
          />
        )}
        {planState === 'unplanned' && <UnplannedReasonField value={reason} onChange={setReason} />}
        {held && <PlaceAlert held={held} busy={busy} onConfirm={() => void run('in', held)} onCancel={() => setHeld(null)} />}
        <Button
          leftSection={<IconLogin size={18} />}
          disabled={!customer || (planState === 'unplanned' && !reason)}
          onClick={() => void run('in')}
          loading={busy}
        >
          Check-in
        </Button>
      </Stack>
    </Card>
  );
}
