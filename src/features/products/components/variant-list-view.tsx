/**
 * The /product/variant screen: every variant with its units, prices and barcodes, filtered like the
 * product list plus an exact barcode; with the WHOLESALE switch on, wholesale prices are edited in
 * place (by members whose role allows editing products) and saved together through
 * updatevariantwholesale/. Scanning (camera or keyboard wedge) filters to the variant whose barcode
 * it is and highlights it.
 */
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconBarcode, IconCloudOff, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { VariantRecord, VariantUnit } from '@contract/products';
import type { AppDb } from '@/db/app-db';
import { formatMoney } from '@/lib/money';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { BarcodeScanButton, useKeyboardWedge } from '@/ui/barcode-scanner';
import { EmptyState } from '@/ui/empty-state';
import { MoneyText } from '@/ui/money-text';
import { NumericInput } from '@/ui/numeric-input';
import { toast } from '@/ui/toast';
import { useProductFilterOptions } from '../api/catalogue-options';
import { lookupBarcode, useVariantList } from '../api/product-list';
import { useProductWrites, writeErrorMessage } from '../api/product-writes';
import { conversionChain } from '../model/conversion-chain';
import { activeFilterCount, applyFilterChange, type FilterPatch, type VariantFilter } from '../model/product-filter';
import { SearchInput } from '@/ui/search-input';
import { ProductFilters } from './product-filters';
import { ListPager } from '@/ui/list-pager';
import { ActiveBadge, HIGHLIGHT_BG, ingredientText } from './product-results';
import { notFoundMessage } from './product-list-view';

type Props = {
  db: AppDb;
  companyId: number;
  filter: VariantFilter;
  onFilter: (next: VariantFilter) => void;
  wholesale: boolean;
  isMobile: boolean;
};

const priceKey = (variantId: number, unit: string) => `${variantId}|${unit}`;

export function VariantListView({ db, companyId, filter, onFilter, wholesale, isMobile }: Props) {
  const list = useVariantList(db, companyId, filter, wholesale);
  const options = useProductFilterOptions(db, companyId);
  const writes = useProductWrites(db, companyId);
  const { online } = useSyncStatus();
  const [highlight, setHighlight] = useState<number | null>(null);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const canEdit = useCan('products', 'edit');
  const change = (patch: FilterPatch<VariantFilter>) => onFilter(applyFilterChange(filter, patch));
  const data = list.data;
  const editable = canEdit && wholesale && online && data?.source === 'server';
  const dirty = Object.keys(edits).length;
  const filtered = Boolean(filter.search || filter.barcode) || activeFilterCount(filter) > 0;

  const onScan = async (code: string) => {
    try {
      const hit = await lookupBarcode(db, companyId, code);
      if (!hit) return void toast.error(notFoundMessage(code));
      setHighlight(hit.variant.id);
      onFilter(
        applyFilterChange(filter, {
          barcode: code,
          search: undefined,
          brand: undefined,
          productCategory: undefined,
          productGroup: undefined,
        }),
      );
      toast.success(`${hit.variant.product_name}${hit.variant.name ? ` – ${hit.variant.name}` : ''} (${hit.unit.unit})`, 'Đã tìm thấy');
    } catch (error) {
      toast.error(writeErrorMessage(error, 'Không tra được mã vạch'));
    }
  };
  useKeyboardWedge((code) => void onScan(code));

  const save = async () => {
    const rows = new Map((data?.rows ?? []).map((row) => [row.id, row]));
    const items = Object.entries(edits).flatMap(([key, text]) => {
      const [id, unit] = [Number(key.slice(0, key.indexOf('|'))), key.slice(key.indexOf('|') + 1)];
      return rows.has(id) ? [{ variant_id: id, unit, wholesale_price: text.trim() === '' ? null : Number(text) }] : [];
    });
    if (items.length === 0) return;
    setSaving(true);
    try {
      toast.success((await writes.updateWholesale(items)) ?? 'Đã cập nhật giá sỉ');
      setEdits({});
    } catch (error) {
      toast.error(writeErrorMessage(error, 'Cập nhật giá sỉ thất bại'));
    } finally {
      setSaving(false);
    }
  };

  const priceInput = (variant: VariantRecord, unit: VariantUnit) => {
    const key = priceKey(variant.id, unit.unit);
    const value = edits[key] ?? (unit.wholesale_price === null ? '' : String(unit.wholesale_price));
    return (
      <NumericInput
        aria-label={`Giá sỉ ${variant.product_name} ${variant.name} / ${unit.unit}`}
        placeholder="Chưa có"
        leftSection={
          <Text size="xs" c="dimmed">
            sỉ
          </Text>
        }
        size="xs"
        value={value}
        max={100_000_000_000}
        onChange={(next) =>
          setEdits((current) => {
            const original = unit.wholesale_price === null ? '' : String(unit.wholesale_price);
            const { [key]: _old, ...rest } = current;
            return next === original ? rest : { ...rest, [key]: next };
          })
        }
        title={value ? formatMoney(Number(value)) : undefined}
        data-testid="wholesale-input"
        w={130}
      />
    );
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'} align="center">
        <SearchInput
          value={filter.search}
          onSearch={(search) => {
            setHighlight(null);
            change({ search });
          }}
          label="Tìm biến thể"
          placeholder="Tìm theo tên, mã, hoạt chất…"
          testId="variant-search"
        />
        <Group gap="sm" wrap="nowrap" style={isMobile ? { width: '100%' } : undefined}>
          <BarcodeFilter value={filter.barcode} onChange={(barcode) => change({ barcode })} />
          <BarcodeScanButton onDetected={(code) => void onScan(code)} iconOnly />
        </Group>
      </Group>
      <ProductFilters filter={filter} onChange={change} options={options} isMobile={isMobile} />
      {data?.source === 'device' && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} p="xs" data-testid="variant-list-offline">
          Không có kết nối mạng: danh sách lấy từ dữ liệu đã lưu trên máy{wholesale ? '; sửa giá sỉ cần kết nối mạng.' : '.'}
        </Alert>
      )}
      {editable && dirty > 0 && (
        <Group justify="flex-end" pos="sticky" top={isMobile ? 60 : 74} style={{ zIndex: 5 }}>
          <Button variant="default" onClick={() => setEdits({})} disabled={saving}>
            Hủy thay đổi
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void save()} loading={saving} data-testid="wholesale-save">
            Lưu giá sỉ ({dirty})
          </Button>
        </Group>
      )}
      {list.isError && (
        <Alert color="red" variant="light">
          {list.error.message}
        </Alert>
      )}
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : data && data.rows.length === 0 ? (
        <EmptyState
          title={filtered ? 'Không có biến thể phù hợp' : 'Chưa có sản phẩm nào'}
          description={filter.barcode ? `Không có biến thể nào có mã vạch ${filter.barcode}.` : 'Thử đổi từ khóa hoặc bộ lọc.'}
        />
      ) : data ? (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {isMobile ? (
            <Stack gap="xs" data-testid="variant-cards">
              {data.rows.map((variant) => (
                <Card
                  key={variant.id}
                  withBorder
                  padding="sm"
                  radius="md"
                  data-testid="variant-row"
                  data-id={variant.id}
                  data-highlighted={variant.id === highlight || undefined}
                  style={variant.id === highlight ? { background: HIGHLIGHT_BG } : undefined}
                >
                  <Stack gap={6}>
                    <VariantHeading variant={variant} />
                    {variant.units.map((unit) => (
                      <Group key={unit.unit} justify="space-between" wrap="nowrap" align="flex-start">
                        <div>
                          <Text size="sm">
                            {unit.unit} · <MoneyText value={unit.price} size="sm" fw={500} />
                          </Text>
                          {unit.barcode && (
                            <Text size="xs" c="dimmed">
                              <IconBarcode size={12} /> {unit.barcode}
                            </Text>
                          )}
                        </div>
                        {wholesale &&
                          (editable ? (
                            priceInput(variant, unit)
                          ) : (
                            <Text size="sm" c="grape">
                              Sỉ: {unit.wholesale_price === null ? '—' : formatMoney(unit.wholesale_price)}
                            </Text>
                          ))}
                      </Group>
                    ))}
                    {conversionChain(variant.units) && (
                      <Text size="xs" c="dimmed">
                        {conversionChain(variant.units)}
                      </Text>
                    )}
                  </Stack>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="xs" data-testid="variant-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Mã</Table.Th>
                    <Table.Th>Sản phẩm / biến thể</Table.Th>
                    <Table.Th>Đơn vị</Table.Th>
                    <Table.Th>Giá bán</Table.Th>
                    {wholesale && <Table.Th>Giá sỉ</Table.Th>}
                    <Table.Th>Mã vạch</Table.Th>
                    <Table.Th>Trạng thái</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((variant) => (
                    <HighlightRow key={variant.id} variant={variant} highlighted={variant.id === highlight}>
                      <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{variant.code}</Table.Td>
                      <Table.Td maw={300} style={{ verticalAlign: 'top' }}>
                        <VariantHeading variant={variant} />
                      </Table.Td>
                      <UnitCells rowHeight={editable ? 45 : 30} units={variant.units} render={(unit) => unit.unit} />
                      <UnitCells
                        rowHeight={editable ? 45 : 30}
                        units={variant.units}
                        render={(unit) => <MoneyText value={unit.price} size="sm" />}
                      />
                      {wholesale && (
                        <UnitCells
                          rowHeight={editable ? 45 : 30}
                          units={variant.units}
                          render={(unit) =>
                            editable ? priceInput(variant, unit) : unit.wholesale_price === null ? '—' : formatMoney(unit.wholesale_price)
                          }
                        />
                      )}
                      <UnitCells rowHeight={editable ? 45 : 30} units={variant.units} render={(unit) => unit.barcode ?? '—'} />
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <ActiveBadge active={variant.is_active} />
                      </Table.Td>
                    </HighlightRow>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListPager
            page={filter.page}
            limit={filter.limit}
            count={data.count}
            noun="biến thể"
            approximate={data.source === 'device' && data.count >= (filter.page - 1) * filter.limit + filter.limit * 5}
            onPage={(page) => onFilter({ ...filter, page })}
            onLimit={(limit) => change({ limit })}
            compact={isMobile}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

function HighlightRow({ variant, highlighted, children }: { variant: VariantRecord; highlighted: boolean; children: ReactNode }) {
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  return (
    <Table.Tr
      ref={ref}
      data-testid="variant-row"
      data-id={variant.id}
      data-highlighted={highlighted || undefined}
      style={highlighted ? { background: HIGHLIGHT_BG } : undefined}
    >
      {children}
    </Table.Tr>
  );
}

function UnitCells({ units, render, rowHeight }: { units: VariantUnit[]; render: (unit: VariantUnit) => ReactNode; rowHeight: number }) {
  return (
    <Table.Td style={{ verticalAlign: 'top' }}>
      <Stack gap={6}>
        {units.map((unit) => (
          <Text
            key={unit.unit}
            size="sm"
            component="div"
            mih={rowHeight}
            style={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }}
          >
            {render(unit)}
          </Text>
        ))}
      </Stack>
    </Table.Td>
  );
}

function VariantHeading({ variant }: { variant: VariantRecord }) {
  const ingredient = ingredientText(variant);
  return (
    <div>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600}>
          {variant.product_name}
          {variant.name ? ` – ${variant.name}` : ''}
        </Text>
        <Badge size="xs" variant="outline" tt="none" style={{ flexShrink: 0 }}>
          {variant.code}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {[ingredient, variant.brand_name].filter(Boolean).join(' · ') || variant.product_code}
      </Text>
    </div>
  );
}

function BarcodeFilter({ value, onChange }: { value: string | undefined; onChange: (barcode: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  return (
    <TextInput
      aria-label="Lọc theo mã vạch"
      placeholder="Mã vạch"
      leftSection={<IconBarcode size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        if (event.currentTarget.value === '') onChange('');
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(text);
      }}
      onBlur={() => text !== (value ?? '') && onChange(text)}
      style={{ flex: 1 }}
      w={180}
      data-testid="variant-barcode-filter"
    />
  );
}
