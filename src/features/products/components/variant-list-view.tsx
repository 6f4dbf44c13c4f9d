/**
 * The /product/variant screen: every variant with its units, prices and barcodes, filtered like the
 * product list plus an exact barcode; with the WHOLESALE switch on, wholesale prices are edited in
 * place (by members whose role allows editing products) and saved together through
 * updatevariantwholesale/. Scanning (camera or keyboard wedge) filters to the variant whose barcode
 * it is and highlights it.
 */
import { Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import type { VariantRecord, VariantUnit } from '@contract/products';
import type { AppDb } from '@/db/app-db';
import { formatMoney } from '@/lib/money';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { BarcodeScanButton, useKeyboardWedge } from '@/ui/barcode-scanner';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import { NumericInput } from '@/ui/numeric-input';
import { toast } from '@/ui/toast';
import { useProductFilterOptions } from '../api/catalogue-options';
import { lookupBarcode, useVariantList } from '../api/product-list';
import { useProductWrites, writeErrorMessage } from '../api/product-writes';
import { activeFilterCount, applyFilterChange, type FilterPatch, type VariantFilter } from '../model/product-filter';
import { BarcodeFilter, ProductFilters } from './product-filters';
import { useHighlight } from './product-results';
import { variantRows } from './variant-results';
import { variantName } from '@/lib/line-name';
import { notFoundMessage } from '@/ui/variant-picker';

type Props = ListScreenProps<VariantFilter> & { db: AppDb; wholesale: boolean };

const priceKey = (variantId: number, unit: string) => `${variantId}|${unit}`;

export function VariantListView(props: Props) {
  const { db, companyId, filter, onFilter, wholesale, isMobile } = props;
  const list = useVariantList(db, companyId, filter, wholesale);
  const options = useProductFilterOptions(db, companyId);
  const writes = useProductWrites(db, companyId);
  const online = useSyncStatus((sync) => sync.online);
  const [highlight, setHighlight] = useState<number | null>(null);
  const highlighted = useHighlight(highlight);
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
      toast.success(`${variantName(hit.variant)} (${hit.unit.unit})`, 'Đã tìm thấy');
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
    <ListPage
      screen={props}
      apply={applyFilterChange}
      search={{
        label: 'Tìm biến thể',
        placeholder: 'Tìm theo tên, mã, hoạt chất…',
        testId: 'variant-search',
        onSearch: () => setHighlight(null),
      }}
      actions={
        <Group gap="sm" wrap="nowrap" style={isMobile ? { width: '100%' } : undefined}>
          <BarcodeFilter value={filter.barcode} onChange={(barcode) => change({ barcode })} />
          <BarcodeScanButton onDetected={(code) => void onScan(code)} iconOnly />
        </Group>
      }
      header={
        <>
          <ProductFilters filter={filter} onChange={change} options={options} isMobile={isMobile} />
          {editable && dirty > 0 && (
            <Group justify="flex-end" pos="sticky" top={isMobile ? 60 : 74} style={{ zIndex: 5 }}>
              <Button variant="default" onClick={() => setEdits({})} disabled={saving}>
                Hủy thay đổi
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={() => void save()}
                loading={saving}
                data-testid="wholesale-save"
              >
                Lưu giá sỉ ({dirty})
              </Button>
            </Group>
          )}
        </>
      }
      query={list}
      deviceNotice={{
        testId: 'variant-list-offline',
        text: `Không có kết nối mạng: danh sách lấy từ dữ liệu đã lưu trên máy${wholesale ? '; sửa giá sỉ cần kết nối mạng.' : '.'}`,
      }}
      empty={{
        title: filtered ? 'Không có biến thể phù hợp' : 'Chưa có sản phẩm nào',
        description: filter.barcode ? `Không có biến thể nào có mã vạch ${filter.barcode}.` : 'Thử đổi từ khóa hoặc bộ lọc.',
      }}
      pager={{ noun: 'biến thể' }}
      rows={variantRows(wholesale, editable ? priceInput : undefined, highlighted)}
    />
  );
}
