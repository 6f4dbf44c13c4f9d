/**
 * The /product screen: search, filters and sort, the list (server online, device offline), paging,
 * and the catalogue actions: add, Excel import and export, barcode scanning (camera or a keyboard-
 * wedge scanner), links to the variants and to brands / categories / groups / units. A scanned
 * code is looked up (server online, device offline); its product is filtered to and highlighted.
 * Actions the member's role does not allow are not shown (issue #7): adding and importing need
 * products/create, exporting products/export, opening a product to edit it products/edit.
 */
import { ActionIcon, Alert, Button, Group, Loader, SimpleGrid, Stack, Tooltip } from '@mantine/core';
import { IconCloudOff, IconFileImport, IconList, IconPlus, IconTags } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { BarcodeScanButton, useKeyboardWedge } from '@/ui/barcode-scanner';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { useProductFilterOptions } from '../api/catalogue-options';
import { lookupBarcode, useProductList } from '../api/product-list';
import { useProductWrites, writeErrorMessage } from '../api/product-writes';
import { activeFilterCount, applyFilterChange, type FilterPatch, type ProductFilter } from '../model/product-filter';
import { CatalogueDialog } from './catalogue-manager';
import { ProductExportButton } from './product-export-button';
import { ProductImportDialog } from './product-import-dialog';
import { SearchInput } from '@/ui/search-input';
import { ProductFilters } from './product-filters';
import { ListPager } from '@/ui/list-pager';
import { ProductCards, ProductTable } from './product-results';

type Props = {
  db: AppDb;
  companyId: number;
  filter: ProductFilter;
  onFilter: (next: ProductFilter) => void;
  wholesale: boolean;
  isMobile: boolean;
};

export function notFoundMessage(code: string): string {
  return `Không tìm thấy sản phẩm có mã vạch ${code}`;
}

export function ProductListView({ db, companyId, filter, onFilter, wholesale, isMobile }: Props) {
  const list = useProductList(db, companyId, filter);
  const options = useProductFilterOptions(db, companyId);
  const writes = useProductWrites(db, companyId);
  const { online } = useSyncStatus();
  const [highlight, setHighlight] = useState<number | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [importMounted, setImportMounted] = useState(false);
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const [catalogueMounted, setCatalogueMounted] = useState(false);
  const canCreate = useCan('products', 'create');
  const canEdit = useCan('products', 'edit');
  const canExport = useCan('products', 'export');
  const change = (patch: FilterPatch<ProductFilter>) => onFilter(applyFilterChange(filter, patch));
  const data = list.data;
  const filtered = Boolean(filter.search) || activeFilterCount(filter) > 0;

  const onScan = async (code: string) => {
    try {
      const hit = await lookupBarcode(db, companyId, code);
      if (!hit) {
        toast.error(notFoundMessage(code));
        return;
      }
      setHighlight(hit.variant.product_id);
      onFilter(
        applyFilterChange(filter, {
          search: hit.variant.product_code,
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
  useKeyboardWedge((code) => void onScan(code), { enabled: !importOpen && !catalogueOpen });

  const createButton = canCreate && (
    <Button component={Link} to="/product/create" leftSection={<IconPlus size={18} />} data-testid="product-create" fullWidth={isMobile}>
      Thêm sản phẩm
    </Button>
  );
  const importButton = canCreate && (
    <Button
      variant="default"
      leftSection={<IconFileImport size={18} />}
      onClick={() => {
        setImportMounted(true);
        setImportOpen(true);
      }}
      data-testid="product-import"
      fullWidth={isMobile}
    >
      Nhập Excel
    </Button>
  );
  const links = (
    <>
      <Tooltip label="Danh sách biến thể">
        <ActionIcon component={Link} to="/product/variant" variant="default" size={36} aria-label="Danh sách biến thể">
          <IconList size={20} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Thương hiệu, danh mục, nhóm, đơn vị">
        <ActionIcon
          variant="default"
          size={36}
          aria-label="Thương hiệu, danh mục, nhóm, đơn vị"
          onClick={() => {
            setCatalogueMounted(true);
            setCatalogueOpen(true);
          }}
          data-testid="catalogue-open"
        >
          <IconTags size={20} />
        </ActionIcon>
      </Tooltip>
    </>
  );

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="center">
        <SearchInput
          value={filter.search}
          onSearch={(search) => {
            setHighlight(null);
            change({ search });
          }}
          label="Tìm sản phẩm"
          placeholder="Tìm theo tên, mã, hoạt chất, mã vạch…"
          testId="product-search"
        />
        <BarcodeScanButton onDetected={(code) => void onScan(code)} iconOnly={isMobile} />
        {!isMobile && (
          <>
            {links}
            {importButton}
            {canExport && <ProductExportButton writes={writes} filter={filter} online={online} />}
            {createButton}
          </>
        )}
      </Group>
      {isMobile && (
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            {createButton}
            {links}
          </Group>
          {(canCreate || canExport) && (
            <SimpleGrid cols={canCreate && canExport ? 2 : 1} spacing="xs">
              {importButton}
              {canExport && <ProductExportButton writes={writes} filter={filter} online={online} fullWidth />}
            </SimpleGrid>
          )}
        </Stack>
      )}
      <ProductFilters filter={filter} onChange={change} options={options} isMobile={isMobile} />
      {data?.source === 'device' && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="product-list-offline" p="xs">
          Không có kết nối mạng: danh sách lấy từ dữ liệu đã lưu trên máy.
        </Alert>
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
          title={filtered ? 'Không có sản phẩm phù hợp' : 'Chưa có sản phẩm nào'}
          description={filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : canCreate ? 'Thêm sản phẩm đầu tiên hoặc nhập từ Excel.' : undefined}
          action={filtered || !canCreate ? undefined : createButton}
        />
      ) : data ? (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {isMobile ? (
            <ProductCards rows={data.rows} wholesale={wholesale} highlight={highlight} canEdit={canEdit && data.source === 'server'} />
          ) : (
            <ProductTable rows={data.rows} wholesale={wholesale} highlight={highlight} canEdit={canEdit && data.source === 'server'} />
          )}
          <ListPager
            page={filter.page}
            limit={filter.limit}
            count={data.count}
            noun="sản phẩm"
            approximate={data.source === 'device' && data.count >= (filter.page - 1) * filter.limit + filter.limit * 5}
            onPage={(page) => onFilter({ ...filter, page })}
            onLimit={(limit) => change({ limit })}
            compact={isMobile}
          />
        </Stack>
      ) : null}
      {catalogueMounted && (
        <CatalogueDialog companyId={companyId} opened={catalogueOpen} onClose={() => setCatalogueOpen(false)} isMobile={isMobile} />
      )}
      {importMounted && canCreate && (
        <ProductImportDialog opened={importOpen} onClose={() => setImportOpen(false)} writes={writes} online={online} />
      )}
    </Stack>
  );
}
