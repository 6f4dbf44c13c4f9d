/**
 * Counting a warehouse on a phone (kiểm kho), with or without signal: scan a barcode (the camera, or
 * a wedge scanner typing into the search box or anywhere on the page) to count one of the scanned
 * unit, or type a figure per lot; the figures stay on the device as a draft until "Gửi số đếm"
 * queues them as one sheet. Several people may count the same check: the office sees their sheets
 * summed. The book figures are never shown to the counter.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { fold } from '@contract/fold';
import type { AppDb, CountDraftRow, LocalStockCheck } from '@/db/app-db';
import { findLocalBarcode } from '@/db/variant-search';
import { formatDate } from '@/lib/dates';
import { useKeyboardWedge } from '@/ui/barcode-scanner';
import { SearchOrScanInput } from '@/ui/search-or-scan-input';
import { toast } from '@/ui/toast';
import { NoteField } from '@/ui/note-field';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { useCountDraft } from '../api/device-counts';
import { countBy, NothingCounted, saveDraft, sendCountSheet, setCounted, type Counter } from '../model/count-sheet';

type Line = LocalStockCheck['lines'][number];

const lineKey = (line: { variant_id: number; lot_id: number | null }) => `${line.variant_id}|${line.lot_id ?? ''}`;

function countedOf(draft: CountDraftRow | undefined, line: Line): number | null {
  return draft?.lines.find((entry) => entry.variantId === line.variant_id && entry.lotId === line.lot_id)?.quantity ?? null;
}

export function CountView({ db, who, check }: { db: AppDb; who: Counter; check: LocalStockCheck }) {
  const draft = useCountDraft(db, who, check.id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(fold(search), 150);
  const [sending, setSending] = useState(false);
  const [lastScan, setLastScan] = useState<string | null>(null);

  async function update(next: CountDraftRow) {
    await saveDraft(db, next);
  }

  async function scanned(raw: string) {
    const code = raw.trim();
    if (!code || !draft) return;
    const found = await findLocalBarcode(db, who.companyId, code);
    const lines = found ? check.lines.filter((line) => line.variant_id === found.variant.id) : [];
    if (!found || lines.length === 0) {
      toast.error(found ? `${found.variant.product_name} không có trong phiếu kiểm này` : `Không tìm thấy sản phẩm có mã vạch ${code}`);
      return;
    }
    // Several lots of the product: the scan counts the nearest expiry; the figures stay editable per lot.
    const line = lines[0]!;
    await update(countBy(draft, line.variant_id, line.lot_id, found.unit.factor));
    setLastScan(lineKey(line));
    toast.success(`+${found.unit.factor} ${line.base_unit} ${line.product_name}${line.lot_no ? ` lô ${line.lot_no}` : ''}`);
  }
  useKeyboardWedge((code) => void scanned(code));

  async function send() {
    setSending(true);
    try {
      await sendCountSheet(db, who, check.id);
      toast.success(navigator.onLine ? 'Đã gửi số đếm' : 'Đã lưu số đếm trên máy, sẽ gửi khi có mạng');
    } catch (error) {
      toast.error(error instanceof NothingCounted ? error.message : 'Không lưu được số đếm, vui lòng thử lại');
    } finally {
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
        {shown.map((line) => {
          const counted = countedOf(draft, line);
          return (
            <Card
              key={lineKey(line)}
              withBorder
              radius="md"
              padding="xs"
              bg={lastScan === lineKey(line) ? 'teal.0' : undefined}
              data-testid="count-line"
              data-variant={line.variant_id}
              data-lot={line.lot_id ?? ''}
            >
              <Group justify="space-between" wrap="nowrap" align="center" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {[line.product_name, line.variant_name].filter(Boolean).join(' – ')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[line.sku, line.lot_no ? `Lô ${line.lot_no}` : null, line.expires_on ? `HSD ${formatDate(line.expires_on)}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
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
                    if (!draft) return;
                    const quantity = typeof value === 'number' ? value : Number(value);
                    if (value === '' || !Number.isInteger(quantity) || quantity < 0) return;
                    void update(setCounted(draft, { variantId: line.variant_id, lotId: line.lot_id, quantity }));
                  }}
                  data-testid="count-input"
                />
              </Group>
            </Card>
          );
        })}
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
        onChange={(text) => draft && void update({ ...draft, note: text })}
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
    </Stack>
  );
}
