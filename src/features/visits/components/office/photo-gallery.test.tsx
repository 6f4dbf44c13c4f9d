import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitPhoto, VisitPhotoRow } from '@contract/visits';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import type { VisitRow } from '@/features/visits/api/visits-api';
import { VisitList } from '../visit-list';
import { PhotoGallery } from './photo-gallery';

const photo = (extra: Partial<VisitPhotoRow>): VisitPhotoRow => ({
  id: '20000000-0000-4000-8000-000000000001',
  file_id: '30000000-0000-4000-8000-000000000001',
  kind: 'shelf',
  note: 'Kệ thuốc ho',
  taken_at: '2026-12-04T02:10:00Z',
  created_at: '2026-12-04T02:12:00Z',
  visit_id: '10000000-0000-4000-8000-000000000001',
  customer_id: '00000000-0000-4000-8000-00000000000a',
  customer_name: 'Nhà thuốc An',
  account_id: 21,
  account_name: 'Lê Văn Trình',
  check_in_at: '2026-12-04T02:05:00Z',
  ...extra,
});

const PHOTOS = [
  photo({}),
  photo({
    id: '20000000-0000-4000-8000-000000000002',
    file_id: '30000000-0000-4000-8000-000000000002',
    kind: 'competitor',
    note: null,
    customer_name: 'Nhà thuốc Bình',
    account_id: 22,
    account_name: 'Phạm Thị Hoa',
  }),
];

const STAFF = [
  { id: 21, full_name: 'Lê Văn Trình', phone: '0912000001', code: 'TDV001', staff_kind: 'sales', region_id: 1 },
  { id: 22, full_name: 'Phạm Thị Hoa', phone: '0912000002', code: 'TDV002', staff_kind: 'sales', region_id: 2 },
];

const REGIONS = [{ id: 1, code: 'MN', name: 'Miền Nam' }];

function serve(photos: VisitPhotoRow[] = PHOTOS) {
  return serveApi({
    '/visit/api/photos/': { data: photos, count: photos.length },
    all_staff: { data: STAFF },
    '/region/api/regions/': { data: REGIONS, count: REGIONS.length },
  });
}

/** The gallery's calls, as the query strings they sent. */
const photoCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname.includes('/visit/api/photos/'));

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

beforeEach(() => enterWorkspace(ADMIN_ACCESS));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  leaveWorkspace();
});

describe('Ảnh ghé thăm', () => {
  it('shows each photo with its kind, customer, rep and the visit’s time, described for a screen reader', async () => {
    const fetchMock = serve();
    renderScreen(<PhotoGallery companyId={TEST_COMPANY.id} isMobile={false} />);
    const cards = await screen.findAllByTestId('photo-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('photo-kind').textContent).toBe('Quầy kệ');
    expect(within(cards[0]!).getByTestId('photo-customer').textContent).toBe('Nhà thuốc An');
    expect(within(cards[0]!).getByTestId('photo-rep').textContent).toBe('Lê Văn Trình');
    expect(cards[0]!.textContent).toContain('04/12/2026');
    expect(cards[0]!.textContent).toContain('Kệ thuốc ho');
    expect(within(cards[1]!).getByTestId('photo-kind').textContent).toBe('Đối thủ');
    expect(within(cards[1]!).getByTestId('photo-customer').textContent).toBe('Nhà thuốc Bình');
    expect(within(cards[1]!).getByTestId('photo-rep').textContent).toBe('Phạm Thị Hoa');
    expect(await within(cards[0]!).findByRole('img', { name: 'Ảnh quầy kệ: Kệ thuốc ho' })).toBeTruthy();
    expect(await within(cards[1]!).findByRole('img', { name: 'Ảnh đối thủ' })).toBeTruthy();
    expect(screen.getByTestId('photo-count').textContent).toBe('Tổng 2 ảnh');
    // The bytes are asked with the company, the token's way (AuthedImage), never a bare <img src> to the API.
    const files = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/file/api/files/'));
    expect(files).toContain(`/api/file/api/files/${PHOTOS[0]!.file_id}/?company=${TEST_COMPANY.id}`);
    expect(photoCalls(fetchMock)[0]!.searchParams.get('company')).toBe(String(TEST_COMPANY.id));
  });

  it('asks the server for the kind, the rep and the region picked', async () => {
    const fetchMock = serve();
    renderScreen(<PhotoGallery companyId={TEST_COMPANY.id} isMobile={false} />);
    await screen.findAllByTestId('photo-card');
    fireEvent.click(field('Loại ảnh'));
    fireEvent.click(await screen.findByRole('option', { name: 'Trưng bày' }));
    await waitFor(() => expect(photoCalls(fetchMock).at(-1)!.searchParams.get('kind')).toBe('display'));

    fireEvent.click(field('Nhân viên'));
    fireEvent.click(await screen.findByRole('option', { name: 'Phạm Thị Hoa (TDV002)' }));
    await waitFor(() => expect(photoCalls(fetchMock).at(-1)!.searchParams.get('account')).toBe('22'));

    fireEvent.click(await screen.findByLabelText(/^Khu vực/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Miền Nam' }));
    await waitFor(() => expect(photoCalls(fetchMock).at(-1)!.searchParams.get('region')).toBe('1'));
    const last = photoCalls(fetchMock).at(-1)!.searchParams;
    expect([last.get('kind'), last.get('account'), last.get('page')]).toEqual(['display', '22', '1']);
  });

  it('says so when there is no photo', async () => {
    serve([]);
    renderScreen(<PhotoGallery companyId={TEST_COMPANY.id} isMobile={false} />);
    expect(await screen.findByText('Chưa có ảnh nào')).toBeTruthy();
    expect(screen.queryByTestId('photo-card')).toBeNull();
  });

  it('leaves out the region filter for a member who may not read regions', async () => {
    const fetchMock = serveApi({
      '/visit/api/photos/': { data: PHOTOS, count: 2 },
      all_staff: { data: STAFF },
    });
    // The regions answer 403: no trip to /403, no filter.
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.includes('/region/api/regions/'))
        return Response.json({ code: 403, data: null, message: 'Không có quyền' }, { status: 403 });
      if (path.includes('/visit/api/photos/')) return Response.json({ code: 200, data: PHOTOS, count: 2 });
      if (path.includes('all_staff')) return Response.json({ code: 200, data: STAFF });
      return Response.json({ code: 200, data: [] });
    });
    renderScreen(<PhotoGallery companyId={TEST_COMPANY.id} isMobile={false} />);
    await screen.findAllByTestId('photo-card');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/region/api/regions/'))).toBe(true));
    expect(screen.queryByLabelText(/^Khu vực/, { selector: 'input' })).toBeNull();
    expect(field('Loại ảnh')).toBeTruthy();
  });
});

describe('a visit’s photos on the visit list', () => {
  const visitPhoto = (id: string, kind: VisitPhoto['kind'], note: string | null): VisitPhoto => ({
    id,
    file_id: id.replace(/^2/, '3'),
    kind,
    note,
    taken_at: null,
    location: null,
    created_at: '2026-12-04T02:12:00Z',
  });
  const visit = (photos: VisitPhoto[] | undefined): VisitRow => ({
    id: '10000000-0000-4000-8000-000000000001',
    company: TEST_COMPANY.id,
    customer_id: '00000000-0000-4000-8000-00000000000a',
    customer_name: 'Nhà thuốc An',
    account_id: 21,
    account_name: 'Lê Văn Trình',
    check_in_at: '2026-12-04T02:05:00Z',
    check_in_location: null,
    has_location: false,
    check_in_note: null,
    check_in_distance_m: null,
    plan_state: null,
    unplanned_reason: null,
    check_out_at: null,
    check_out_location: null,
    check_out_note: null,
    flags: [],
    received_at: '2026-12-04T02:05:01Z',
    photos,
    syncState: 'synced',
    error: null,
  });
  const list = (rows: VisitRow[]) => ({ rows, count: rows.length, source: 'server' as const, loading: false });

  it('shows a visit’s photos as thumbnails with their count, and nothing for a visit without', async () => {
    serveApi({});
    const photos = [
      visitPhoto('20000000-0000-4000-8000-000000000001', 'shelf', 'Kệ thuốc ho'),
      visitPhoto('20000000-0000-4000-8000-000000000002', 'storefront', null),
    ];
    renderScreen(<VisitList result={list([visit(photos)])} page={1} limit={20} onPage={() => undefined} showStaff />);
    const strip = await screen.findByTestId('visit-photo-strip');
    expect(await within(strip).findByRole('img', { name: 'Ảnh quầy kệ: Kệ thuốc ho' })).toBeTruthy();
    expect(await within(strip).findByRole('img', { name: 'Ảnh mặt tiền' })).toBeTruthy();
    expect(within(strip).getByTestId('visit-photo-count').textContent).toBe('2 ảnh');
    cleanup();
    renderScreen(<VisitList result={list([visit(undefined)])} page={1} limit={20} onPage={() => undefined} showStaff />);
    await screen.findByTestId('visit-row');
    expect(screen.queryByTestId('visit-photo-strip')).toBeNull();
  });
});
