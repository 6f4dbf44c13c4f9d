/**
 * The office's gallery of visit photos (contract/visits.ts VisitPhotoListQuery, served by
 * server/modules/visits/visit-photos.ts photoPage with the visit list's readers and scope) and the
 * regions its filter offers. Online only: it loads with ../components/office/photo-gallery.tsx
 * (scripts/office-chunks.ts keeps both out of the phone's precache).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { regionPaths, type RegionRecord } from '@contract/regions';
import { visitPaths, type PhotoKind, type VisitPhotoRow } from '@contract/visits';
import { apiData } from '@/api/client';
import { fetchPage } from '@/api/pages';
import { companyQueryKeys } from '@/api/query-keys';

export const photoKeys = companyQueryKeys('visit-photos');

/** What the gallery shows: a page of photos, by rep, region, kind and the visit's day (ISO days, both ends included). */
export type PhotoFilter = {
  page: number;
  limit: number;
  account?: number;
  region?: number;
  kind?: PhotoKind;
  date_from?: string;
  date_to?: string;
};

/** A page of the photos the member may see, newest first; the previous page stays while the next loads. */
export function usePhotoList(companyId: number, filter: PhotoFilter) {
  return useQuery({
    queryKey: photoKeys.of(companyId, 'list', filter),
    enabled: companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchPage<VisitPhotoRow>(visitPaths.photos, { query: { company: companyId, ...filter }, signal }),
  });
}

export type RegionOption = { value: string; label: string };

/**
 * The company's regions for the filter. They are the region screen's to read (regions/view): a
 * member without it (a rep) gets none and the filter is left out, rather than being sent to /403.
 */
export function usePhotoRegionOptions(companyId: number) {
  return useQuery({
    queryKey: photoKeys.of(companyId, 'regions'),
    enabled: companyId > 0,
    retry: false,
    staleTime: 60_000,
    queryFn: async (): Promise<RegionOption[]> => {
      try {
        const regions = await apiData<RegionRecord[]>(regionPaths.regions, {
          query: { company: companyId, limit: 200 },
          redirectOnForbidden: false,
        });
        return regions.map((region) => ({ value: String(region.id), label: region.name }));
      } catch {
        return [];
      }
    },
  });
}
