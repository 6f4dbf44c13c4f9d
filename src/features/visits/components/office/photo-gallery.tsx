/**
 * "Ảnh ghé thăm" (/visits/photos): the photos reps took at their visits (contract/visits.ts
 * PHOTO_KINDS), newest first, for the office to look over shelves, displays, storefronts and
 * competitors. Filtered by rep, region, kind and the visit's days; each card names the customer, the
 * rep and when the visit began. The server answers only the visits the member may see (the visit
 * list's readers and scope). Online only (src/routes/_app/visits_.photos.tsx loads it).
 */
import { Badge, Card, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { filePaths } from '@contract/files';
import { PHOTO_KINDS, photoAlt, type VisitPhotoRow } from '@contract/visits';
import { formatDateTime } from '@/lib/dates';
import { AuthedImage } from '@/ui/authed-image';
import { FilterDateRange } from '@/ui/filter-date-range';
import { FilterPanel } from '@/ui/filter-panel';
import { SelectFilters, type SelectField } from '@/ui/list-page/filter-select';
import { filterControls } from '@/ui/list-page/list-filter';
import { ListPage } from '@/ui/list-page/list-page';
import { usePhotoList, usePhotoRegionOptions, type PhotoFilter } from '@/features/visits/api/photos-api';
import { useRepOptions } from '@/features/visits/api/plans-api';

type Props = { companyId: number; isMobile: boolean };

/** A page of the grid: whole rows at two, three, four or six across. */
const PHOTO_PAGE_SIZE = 24;

const KIND_OPTIONS = Object.entries(PHOTO_KINDS).map(([value, label]) => ({ value, label }));

/** The image's side: two cards across a 390 px phone, five or so across a desk. */
const imageSize = (isMobile: boolean) => (isMobile ? 128 : 160);
/** The card's padding (sm) and border on both sides of the image. */
const CARD_EDGES = 2 * 12 + 2;

const CLEARED: Partial<PhotoFilter> = { account: undefined, region: undefined, kind: undefined, date_from: undefined, date_to: undefined };

function activeFilters(filter: PhotoFilter): number {
  const set = [filter.account, filter.region, filter.kind].filter((value) => value !== undefined).length;
  return set + (filter.date_from || filter.date_to ? 1 : 0);
}

function PhotoCard({ photo, companyId, size }: { photo: VisitPhotoRow; companyId: number; size: number }) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid="photo-card" data-id={photo.id}>
      <Stack gap={6}>
        <Center>
          <AuthedImage path={`${filePaths.file(photo.file_id)}?company=${companyId}`} alt={photoAlt(photo)} size={size} />
        </Center>
        <Badge variant="light" size="sm" style={{ alignSelf: 'flex-start' }} data-testid="photo-kind">
          {PHOTO_KINDS[photo.kind]}
        </Badge>
        <Text fw={600} size="sm" data-testid="photo-customer">
          {photo.customer_name}
        </Text>
        <Text size="sm" data-testid="photo-rep">
          {photo.account_name}
        </Text>
        <Text size="xs" c="dimmed">
          Ghé thăm lúc {formatDateTime(photo.check_in_at)}
        </Text>
        {photo.note && (
          <Text size="xs" c="dimmed" lineClamp={3}>
            {photo.note}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function PhotoGallery({ companyId, isMobile }: Props) {
  const [filter, setFilter] = useState<PhotoFilter>({ page: 1, limit: PHOTO_PAGE_SIZE });
  const controls = filterControls(filter, setFilter);
  const photos = usePhotoList(companyId, filter);
  const reps = useRepOptions(companyId).data ?? [];
  const regions = usePhotoRegionOptions(companyId).data ?? [];
  const size = imageSize(isMobile);
  const region: SelectField<PhotoFilter> = {
    field: 'region',
    label: 'Khu vực',
    all: 'khu vực',
    data: regions,
    id: true,
    search: true,
    testId: 'photo-filter-region',
  };
  const fields: SelectField<PhotoFilter>[] = [
    { field: 'account', label: 'Nhân viên', all: 'nhân viên', data: reps, id: true, search: true, testId: 'photo-filter-rep' },
    // Left out for a member who may not read the regions (usePhotoRegionOptions).
    ...(regions.length > 0 ? [region] : []),
    { field: 'kind', label: 'Loại ảnh', all: 'loại ảnh', data: KIND_OPTIONS, testId: 'photo-filter-kind' },
  ];
  const active = activeFilters(filter);
  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      header={
        <FilterPanel active={active} onClear={() => controls.change(CLEARED)} isMobile={isMobile} cols={fields.length + 1}>
          <SelectFilters filter={filter} onChange={controls.change} fields={fields} />
          <FilterDateRange
            label="Ngày ghé thăm"
            value={[filter.date_from, filter.date_to]}
            onChange={([from, to]) => controls.change({ date_from: from, date_to: to })}
            isMobile={isMobile}
            data-testid="photo-filter-dates"
          />
        </FilterPanel>
      }
      query={photos}
      empty={{
        title: 'Chưa có ảnh nào',
        description:
          active > 0 ? 'Không có ảnh khớp bộ lọc: thử đổi hoặc xóa bộ lọc.' : 'Ảnh nhân viên chụp khi ghé thăm khách hàng sẽ hiện ở đây.',
      }}
      pager={{ noun: 'ảnh', sizes: null, testId: 'photo-pager', countTestId: 'photo-count' }}
    >
      {(answer) => (
        <SimpleGrid minColWidth={size + CARD_EDGES} spacing="sm" data-testid="photo-gallery">
          {answer.rows.map((photo) => (
            <PhotoCard key={photo.id} photo={photo} companyId={companyId} size={size} />
          ))}
        </SimpleGrid>
      )}
    </ListPage>
  );
}
