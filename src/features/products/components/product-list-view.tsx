/**
 * The /product screen: search, filters and sort, the list (server online, device offline), paging,
 * and the catalogue actions: add, Excel import and export, barcode scanning (camera or a keyboard-
 * wedge scanner), links to the variants and to brands / categories / groups / units. A scanned
 * code is looked up (server online, device offline); its product is filtered to and highlighted.
 * Actions the member's role does not allow are not shown: adding and importing need
 * products/create, exporting products/export, opening a product to edit it products/edit.
 */
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconFileImport, IconList, IconPlus, IconTags } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { BarcodeScanButton, useKeyboardWedge } from '@/ui/barcode-scanner';
import { ExportButton } from '@/ui/list-page/export-button';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import { ToolbarIcon } from '@/ui/list-page/toolbar-icon';
import { toast } from '@/ui/toast';
import { useProductFilterOptions } from '../api/catalogue-options';
import { lookupBarcode, useProductList } from '../api/product-list';
import { useProductWrites, writeErrorMessage } from '../api/product-writes';
import { activeFilterCount, applyFilterChange, type FilterPatch, type ProductFilter } from '../model/product-filter';
import { CatalogueDialog } from './catalogue-manager';
import { ProductFilters } from './product-filters';
import { ProductImportDialog } from './product-import-dialog';
import { productRows, useHighlight } from './product-results';
import { variantName } from '@/lib/line-name';
import { notFoundMessage } from '@/ui/variant-picker';

type Props = ListScreenProps<ProductFilter> & { db: AppDb; wholesale: boolean };

export function ProductListView(props: Props) {
  const { db, companyId, filter, onFilter, wholesale, isMobile } = props;
  const list = useProductList(db, companyId, filter);
  const options = useProductFilterOptions(db, companyId);
  const writes = useProductWrites(db, companyId);
  const online = useSyncStatus((sync) => sync.online);
  const [highlight, setHighlight] = useState<number | null>(null);
  const highlighted = useHighlight(highlight);
  const [importOpen, setImportOpen] = useState(false);
  const [importMounted, setImportMounted] = useState(false);
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const [catalogueMounted, setCatalogueMounted] = useState(false);
  const canCreate = useCan('products', 'create');
  const canEdit = useCan('products', 'edit');
  const canExport = useCan('products', 'export');
  const change = (patch: FilterPatch<ProductFilter>) => onFilter(applyFilterChange(filter, patch));
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
      toast.success(`${variantName(hit.variant)} (${hit.unit.unit})`, 'Đã tìm thấy');
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
      <ToolbarIcon label="Danh sách biến thể" icon={IconList} to="/product/variant" />
      <ToolbarIcon
        label="Thương hiệu, danh mục, nhóm, đơn vị"
        icon={IconTags}
        onClick={() => {
          setCatalogueMounted(true);
          setCatalogueOpen(true);
        }}
        testId="catalogue-open"
      />
    </>
  );

  const exportButton = (fullWidth: boolean) =>
    canExport && (
      <ExportButton
        run={async (onProgress) => `Đã tải ${await writes.exportProducts(filter, onProgress)}`}
        failure={(error) => writeErrorMessage(error, 'Xuất Excel thất bại')}
        offline={!online}
        withProgress
        fullWidth={fullWidth}
        testId="product-export"
      />
    );

  return (
    <ListPage
      screen={props}
      apply={applyFilterChange}
      search={{
        label: 'Tìm sản phẩm',
        placeholder: 'Tìm theo tên, mã, hoạt chất, mã vạch…',
        testId: 'product-search',
        onSearch: () => setHighlight(null),
      }}
      nowrap
      actions={
        <>
          <BarcodeScanButton onDetected={(code) => void onScan(code)} iconOnly={isMobile} />
          {!isMobile && (
            <>
              {links}
              {importButton}
              {exportButton(false)}
              {createButton}
            </>
          )}
        </>
      }
      header={
        <>
          {isMobile && (
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap">
                {createButton}
                {links}
              </Group>
              {(canCreate || canExport) && (
                <SimpleGrid cols={canCreate && canExport ? 2 : 1} spacing="xs">
                  {importButton}
                  {exportButton(true)}
                </SimpleGrid>
              )}
            </Stack>
          )}
          <ProductFilters filter={filter} onChange={change} options={options} isMobile={isMobile} />
        </>
      }
      query={list}
      deviceNotice={{ testId: 'product-list-offline' }}
      empty={{
        title: filtered ? 'Không có sản phẩm phù hợp' : 'Chưa có sản phẩm nào',
        description: filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : canCreate ? 'Thêm sản phẩm đầu tiên hoặc nhập từ Excel.' : undefined,
        action: filtered ? undefined : createButton,
      }}
      pager={{ noun: 'sản phẩm' }}
      footer={
        <>
          {catalogueMounted && (
            <CatalogueDialog companyId={companyId} opened={catalogueOpen} onClose={() => setCatalogueOpen(false)} isMobile={isMobile} />
          )}
          {importMounted && canCreate && (
            <ProductImportDialog opened={importOpen} onClose={() => setImportOpen(false)} writes={writes} online={online} />
          )}
        </>
      }
      rows={(data) => productRows(wholesale, canEdit && data.source === 'server', highlighted)}
    />
  );
}
