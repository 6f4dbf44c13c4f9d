/**
 * Counting a warehouse on a phone (kiểm kho), with or without signal: scan a barcode (the camera, or
 * a wedge scanner typing into the search box or anywhere on the page) to count one of the scanned
 * unit, or type a figure per lot; the figures stay on the device as a draft until "Gửi số đếm"
 * queues them as one sheet, which stays listed below with where it stands. A lot counted again by
 * the same person replaces that person's earlier figure; several people's figures are summed. The
 * book figures are never shown to the counter; an expired lot is marked, so it is counted apart.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { fold } from '@contract/fold';
import { vietnamDay } from '@contract/price-policy';
import { COUNT_MERGE_NOTES } from '@contract/warehouse-counts';
import type { AppDb, CountDraftRow, LocalStockCheck } from '@/db/app-db';
import { useDeviceDraft } from '@/db/use-device-draft';
import { findLocalBarcode } from '@/db/variant-search';
import { formatDate } from '@/lib/dates';
import { useKeyboardWedge } from '@/ui/barcode-scanner';
import { SearchOrScanInput } from '@/ui/search-or-scan-input';
import { toast } from '@/ui/toast';
import { NoteField } from '@/ui/note-field';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { notFoundMessage } from '@/ui/variant-picker';
import { countBy, draftKey, NothingCounted, readDraft, saveDraft, sendCountSheet, setCounted, type Counter } from '../model/count-sheet';
import { CountSentSheets } from './count-sent-sheets';
import { lineName } from '@/lib/line-name';

type Line = LocalStockCheck['lines'][number];

const lineKey = (line: { variant_id: number; lot_id: number | null }) => `${line.variant_id}|${line.lot_id ?? ''}`;

function countedOf(draft: CountDraftRow | null, line: Line): number | null {
  return draft?.lines.find((entry) => entry.variantId === line.variant_id && entry.lotId === line.lot_id)?.quantity ?? null;
}

type CountLineProps = { line: Line; counted: number | null; expired: boolean; scanned: boolean; onCount: (quantity: number) => void };

/** One lot to count: what it is (an expired lot marked), and the figure counted in base units. */
function CountLine({ line, counted, expired, scanned, onCount }: CountLineProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      bg={scanned ? 'teal.0' : undefined}
      data-testid="count-line"
      data-variant={line.variant_id}
      data-lot={line.lot_id ?? ''}
    >
      <Group justify="space-between" wrap="nowrap" align="center" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} lineClamp={2}>
            {lineName(line)}
          </Text>
          <Text size="xs" c="dimmed">
            {[line.sku, line.lot_no ? `Lô ${line.lot_no}` : null, line.expires_on ? `HSD ${formatDate(line.expires_on)}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {expired && (
            <Badge size="sm" variant="filled" color="red.8" data-testid="count-line-expired">
              Hết hạn
            </Badge>
          )}
        </div>
        <StrictNumberInput
          aria-label={`Số đếm ${line.product_name}${line.lot_no ? ` lô ${line.lot_no}` : ''} (${line.base_unit})`}
          w={110}
          min={0}
          max={1_000_000_000}
          allowNegative={false}
          allowDecimal={false}
          thousandSeparator="."
          decimalSeparator=","
          placeholder="Chưa đếm"
          value={counted ?? ''}
          rightSection={<Text size="xs">{line.base_unit}</Text>}
          rightSectionWidth={44}
          onChange={(value) => {
            const quantity = typeof value === 'number' ? value : Number(value);
            if (value === '' || !Number.isInteger(quantity) || quantity < 0) return;
            onCount(quantity);
          }}
          data-testid="count-input"
        />
      </Group>
    </Card>
  );
}

export function CountView({ db, who, check }: { db: AppDb; who: Counter; check: LocalStockCheck }) {
  // The figures and the note are the screen's own while typed, written behind to the device.
  const store = useDeviceDraft(draftKey(who, check.id), {
    read: () => readDraft(db, who, check.id),
    write: (next) => saveDraft(db, next),
    failed: () => toast.error('Không lưu được số đếm trên máy. Vui lòng kiểm tra bộ nhớ của thiết bị.'),
  });
  const draft = store.value;
  const today = vietnamDay();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(fold(search), 150);
  const [sending, setSending] = useState(false);
  const [lastScan, setLastScan] = useState<string | null>(null);

  const update = (change: (current: CountDraftRow) => CountDraftRow) => store.update(change);

  async function scanned(raw: string) {
    const code = raw.trim();
    if (!code || !draft) return;
    const found = await findLocalBarcode(db, who.companyId, code);
    const lines = found ? check.lines.filter((line) => line.variant_id === found.variant.id) : [];
    if (!found || lines.length === 0) {
      toast.error(found ? `${found.variant.product_name} không có trong phiếu kiểm này` : notFoundMessage(code));
      return;
    }
    // Several lots of the product: the scan counts the nearest expiry; the figures stay editable per lot.
    const line = lines[0]!;
    update((current) => countBy(current, line.variant_id, line.lot_id, found.unit.factor));
    setLastScan(lineKey(line));
    toast.success(`+${found.unit.factor} ${line.base_unit} ${line.product_name}${line.lot_no ? ` lô ${line.lot_no}` : ''}`);
  }
  useKeyboardWedge((code) => void scanned(code));

  async function send() {
    setSending(true);
    try {
      await store.flush();
      store.close();
      await sendCountSheet(db, who, check.id);
      toast.success(navigator.onLine ? 'Đã gửi số đếm' : 'Đã lưu số đếm trên máy, sẽ gửi khi có mạng');
    } catch (error) {
      toast.error(error instanceof NothingCounted ? error.message : 'Không lưu được số đếm, vui lòng thử lại');
    } finally {
      // The sheet sent (or not): the screen shows the draft the device holds now, and takes changes again.
      await store.reload();
      store.open();
      setSending(false);
    }
  }

  const shown = check.lines.filter(
    (line) => !debounced || fold(`${line.product_name} ${line.variant_name} ${line.sku} ${line.lot_no ?? ''}`).includes(debounced),
  );
  const countedLines = draft?.lines.length ?? 0;
  return (
    <Stack gap="sm" data-testid="count-view">
      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={4} data-testid="count-code">
              Kiểm kho {check.code}
            </Title>
            <Text size="sm" c="dimmed">
              {check.warehouse_name} · {formatDate(check.document_date)}
            </Text>
          </div>
          <Badge variant="light" color="yellow">
            Đang kiểm
          </Badge>
        </Group>
        <Text size="xs" mt={6} data-testid="count-merge-note">
          {COUNT_MERGE_NOTES[check.count_merge ?? 'sum']}
        </Text>
      </Card>
      {/* A wedge scanner aimed at the box types the code there: it counts instead of searching. */}
      <SearchOrScanInput
        label="Tìm trong phiếu"
        placeholder="Tên, mã, số lô hoặc quét mã vạch…"
        value={search}
        onChange={setSearch}
        onScan={(code) => void scanned(code)}
        data-testid="count-search"
        scanLabel="Quét mã vạch để đếm"
        scanSize="45px"
        scanTestId="count-scan"
      />
      <Stack gap={6} data-testid="count-lines">
        {shown.map((line) => (
          <CountLine
            key={lineKey(line)}
            line={line}
            counted={countedOf(draft, line)}
            expired={!!line.expires_on && line.expires_on < today}
            scanned={lastScan === lineKey(line)}
            onCount={(quantity) => update((current) => setCounted(current, { variantId: line.variant_id, lotId: line.lot_id, quantity }))}
          />
        ))}
        {shown.length === 0 && (
          <Text size="sm" c="dimmed">
            Không có dòng nào khớp.
          </Text>
        )}
      </Stack>
      <NoteField
        label="Ghi chú"
        minRows={1}
        value={draft?.note ?? ''}
        onChange={(text) => update((current) => ({ ...current, note: text, updatedAt: new Date().toISOString() }))}
        data-testid="count-note"
      />
      {countedLines === 0 && (
        <Alert variant="light" color="gray" p="xs">
          Quét mã vạch hoặc nhập số đếm từng lô. Số đếm được lưu trên máy cho tới khi gửi.
        </Alert>
      )}
      <Button
        size="md"
        leftSection={<IconCloudUpload size={18} />}
        loading={sending}
        disabled={countedLines === 0}
        onClick={() => void send()}
        data-testid="count-send"
      >
        Gửi số đếm ({countedLines} dòng)
      </Button>
      <CountSentSheets db={db} who={who} check={check} />
    </Stack>
  );
}
