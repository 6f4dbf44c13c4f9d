import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REGION_CODE_MESSAGE,
  regionPaths,
  type RegionCustomerRow,
  type RegionOrderRow,
  type RegionRecord,
  type RegionStaffRow,
} from '@contract/regions';
import { kpiPaths } from '@contract/kpi';
import { uuidv7 } from '@contract/uuid';
import { accountCompanies, customers, kpiTargets, regions } from '@server/kernel/db/schema';
import { startRegionKit, type RegionKit } from '@server/testing/regions.kit';
import { unguarded } from '@server/testing/change-log-guard';

let kit: RegionKit;
beforeAll(async () => {
  kit = await startRegionKit();
});
afterAll(async () => {
  await kit?.stop();
});

const list = (query: Record<string, string | number> = {}, token?: string) =>
  kit.get<RegionRecord[]>(regionPaths.regions, { company: kit.anKhang, ...query }, token);
const create = (body: Record<string, unknown>, token?: string) =>
  kit.send<RegionRecord>('POST', regionPaths.regions, { company: kit.anKhang, ...body }, token);
const update = (id: number, body: Record<string, unknown>, token?: string) =>
  kit.send<RegionRecord>('PUT', regionPaths.region(id), { company: kit.anKhang, ...body }, token);

describe('regions/ (list)', () => {
  it('lists the company’s regions with their provinces, staff and customers, sorted by code', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(3);
    expect(answer.body.data.map((region) => region.code)).toEqual(['HN', 'MN', 'MT']);
    const south = answer.body.data.find((region) => region.code === 'MN')!;
    expect(south).toMatchObject({ name: 'Miền Nam', description: 'TP. Hồ Chí Minh và các tỉnh phía Nam', company: kit.anKhang });
    expect(south.provinces).toHaveLength(8);
    expect(south.provinces).toContainEqual({ code: '79', name: 'Thành phố Hồ Chí Minh' });
    // Võ Minh Quân (QL001) and Lê Văn Trình (TDV001); eight customers in TP. Hồ Chí Minh, one entered on the old
    // units, two drug counters of the pharma demo (server/seed/demo-pharma.ts).
    expect(south.staff_count).toBe(2);
    expect(south.customer_count).toBe(8);
    const hanoi = answer.body.data.find((region) => region.code === 'HN')!;
    expect([hanoi.staff_count, hanoi.customer_count]).toEqual([1, 3]);
    // Sorted by the province's proper name: Bắc Ninh before Thành phố Hà Nội.
    expect(hanoi.provinces.map((province) => province.code)).toEqual(['24', '01', '31', '33']);
  });

  it('searches code, name, description and province names without diacritics, and pages', async () => {
    expect((await list({ search: 'ho chi minh' })).body.data.map((region) => region.code)).toEqual(['MN']);
    expect((await list({ search: 'MIEN' })).body.data.map((region) => region.code)).toEqual(['MN', 'MT']);
    expect((await list({ search: 'khánh hòa' })).body.data.map((region) => region.code)).toEqual(['MT']);
    const second = await list({ page: 2, limit: 1 });
    expect([second.body.count, second.body.data.map((region) => region.code)]).toEqual([3, ['MN']]);
    expect((await list({ search: 'không có' })).body).toMatchObject({ count: 0, data: [] });
  });

  it('shows a regional manager only their region, and refuses members without the permission', async () => {
    const managed = await list({}, kit.manager.access);
    expect(managed.status).toBe(200);
    expect(managed.body.data.map((region) => region.code)).toEqual(['MN']);
    expect(managed.body.count).toBe(1);

    const accountant = await list({}, kit.accountant.access);
    expect([accountant.status, accountant.body.error, accountant.body.message]).toEqual([
      403,
      'FORBIDDEN',
      'Bạn không có quyền xem mục Khu vực',
    ]);
    expect((await list({}, kit.rep.access)).status).toBe(403);
  });

  it('refuses other companies: a non-member, and a member whose role there has no permission', async () => {
    const binh = await list({}, kit.binh.access);
    expect([binh.status, binh.body.error]).toEqual([403, 'NOT_A_MEMBER']);
    // An sells for Minh Phát (Trình dược viên there): no region permission.
    const asRep = await kit.get(regionPaths.regions, { company: kit.minhPhat });
    expect([asRep.status, asRep.body.message]).toEqual([403, 'Bạn không có quyền xem mục Khu vực']);
  });

  it('answers 400 for bad paging and 401 without a token', async () => {
    const bad = await list({ page: 0 });
    expect([bad.status, bad.body.message]).toEqual([400, 'Số trang không hợp lệ']);
    expect((await list({ limit: 1000 })).body.message).toBe('Số dòng mỗi trang tối đa là 200');
    const anonymous = await kit.server.call(`${regionPaths.regions}?company=${kit.anKhang}`);
    expect(anonymous.status).toBe(401);
    expect((await kit.server.call(`${kpiPaths.views}?company=${kit.anKhang}`)).status).toBe(401);
  });
});

describe('regions/ (create) and region/{id}/ (detail, change)', () => {
  it('creates a region with provinces (code upper-cased, provinces named and sorted)', async () => {
    const answer = await create({
      code: ' tn ',
      name: 'Tây Nguyên',
      description: 'Đắk Lắk, Lâm Đồng, Gia Lai',
      provinces: ['68', '66', '66'],
    });
    expect([answer.status, answer.body.message]).toEqual([201, 'Thêm khu vực thành công']);
    expect(answer.body.data).toMatchObject({
      code: 'TN',
      name: 'Tây Nguyên',
      staff_count: 0,
      customer_count: 0,
      provinces: [
        { code: '66', name: 'Đắk Lắk' },
        { code: '68', name: 'Lâm Đồng' },
      ],
    });
    const detail = await kit.get<RegionRecord>(regionPaths.region(answer.body.data.id), { company: kit.anKhang });
    expect(detail.body.data).toEqual(answer.body.data);
  });

  it('refuses a duplicate code and a province already in another region, naming both', async () => {
    const duplicate = await create({ code: 'mn', name: 'Trùng mã' });
    expect([duplicate.status, duplicate.body.error, duplicate.body.message]).toEqual([409, 'CONFLICT', 'Mã khu vực MN đã tồn tại']);
    const taken = await create({ code: 'SG', name: 'Sài Gòn', provinces: ['79', '01'] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('Thành phố Hồ Chí Minh đã thuộc khu vực Miền Nam (MN)');
    expect(taken.body.message).toContain('Thành phố Hà Nội đã thuộc khu vực Hà Nội và phụ cận (HN)');
    expect(taken.body.fields?.provinces).toBe('Thành phố Hồ Chí Minh đã thuộc khu vực Miền Nam (MN)');
  });

  it('refuses bad input with Vietnamese messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'X1', name: 'Không rõ', provinces: ['99'] }, 'provinces', 'Không có tỉnh/thành phố mã 99 (theo đơn vị hành chính mới)'],
      [{ code: 'X2', name: 'Sai mã', provinces: ['7'] }, 'provinces.0', 'Mã tỉnh/thành phố không hợp lệ (gồm 2 chữ số)'],
      [{ code: 'a b', name: 'Có dấu cách' }, 'code', REGION_CODE_MESSAGE],
      [{ code: 'Miền', name: 'Có dấu' }, 'code', REGION_CODE_MESSAGE],
      [{ name: 'Thiếu mã' }, 'code', 'Vui lòng nhập mã khu vực'],
      [{ code: 'X3' }, 'name', 'Vui lòng nhập tên khu vực'],
      [{ code: 'X4', name: '   ' }, 'name', 'Vui lòng nhập tên khu vực'],
      [{ code: 'X'.repeat(21), name: 'Dài' }, 'code', 'Mã khu vực không được dài quá 20 ký tự'],
      [{ code: 'X5', name: 'Sai kiểu', provinces: '79' }, 'provinces', 'Danh sách tỉnh/thành phố không hợp lệ'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(body);
      expect([answer.status, answer.body.error, answer.body.fields?.[field]], JSON.stringify(body)).toEqual([
        400,
        'VALIDATION_FAILED',
        message,
      ]);
    }
    const noCompany = await kit.send('POST', regionPaths.regions, { code: 'X6', name: 'Không công ty' });
    expect([noCompany.status, noCompany.body.message]).toEqual([400, 'Vui lòng nhập công ty']);
    // A schema part without a message of its own (an import cell) is still explained in Vietnamese.
    const badCell = await kit.send('POST', regionPaths.import, { company: kit.anKhang, rows: [{ 'Mã khu vực': [] }] });
    expect([badCell.status, badCell.body.message]).toEqual([400, 'Mã khu vực không hợp lệ']);
    const notAnObject = await kit.send('POST', regionPaths.import, 'hàng');
    expect([notAnObject.status, notAnObject.body.message]).not.toContain('Invalid');
    expect((await list({ search: 'X' })).body.data.some((region) => region.code.startsWith('X'))).toBe(false);
  });

  it('changes a region: name, description and provinces replaced; a moved province is refused', async () => {
    const id = await kit.regionId('MT');
    const answer = await update(id, { code: 'MT', name: 'Miền Trung – Tây Nguyên', description: null, provinces: ['48', '46', '52'] });
    expect([answer.status, answer.body.message]).toEqual([200, 'Cập nhật khu vực thành công']);
    expect(answer.body.data).toMatchObject({ name: 'Miền Trung – Tây Nguyên', description: null });
    expect(answer.body.data.provinces.map((province) => province.code).sort()).toEqual(['46', '48', '52']);
    const moved = await update(id, { code: 'MT', name: 'Miền Trung', provinces: ['48', '79'] });
    expect([moved.status, moved.body.message]).toEqual([409, 'Thành phố Hồ Chí Minh đã thuộc khu vực Miền Nam (MN)']);
    const renamed = await update(id, { code: 'HN', name: 'Miền Trung' });
    expect([renamed.status, renamed.body.message]).toEqual([409, 'Mã khu vực HN đã tồn tại']);
    // Keeping its own code and provinces is no conflict with itself.
    expect((await update(id, { code: 'mt', name: 'Miền Trung', provinces: ['48', '46', '51', '56'] })).status).toBe(200);
  });

  it('limits a regional manager to viewing their own region, and refuses writes without permission', async () => {
    const south = await kit.regionId('MN');
    const north = await kit.regionId('HN');
    expect((await kit.get(regionPaths.region(south), { company: kit.anKhang }, kit.manager.access)).status).toBe(200);
    const other = await kit.get(regionPaths.region(north), { company: kit.anKhang }, kit.manager.access);
    expect([other.status, other.body.message]).toEqual([403, 'Bạn chỉ được xem khu vực mình phụ trách']);
    const edit = await update(south, { code: 'MN', name: 'Đổi tên' }, kit.manager.access);
    expect([edit.status, edit.body.message]).toEqual([403, 'Bạn không có quyền sửa mục Khu vực']);
    const add = await create({ code: 'QL', name: 'Của quản lý' }, kit.manager.access);
    expect([add.status, add.body.message]).toEqual([403, 'Bạn không có quyền thêm mới mục Khu vực']);
    expect((await kit.get(regionPaths.region(south), { company: kit.anKhang }, kit.accountant.access)).status).toBe(403);
  });

  it('keeps companies apart: another company’s region is not found here, and that company refuses An', async () => {
    // Bình owns Minh Phát and makes a region there.
    const theirs = await kit.send<RegionRecord>(
      'POST',
      regionPaths.regions,
      { company: kit.minhPhat, code: 'HN', name: 'Hà Nội', provinces: ['01'] },
      kit.binh.access,
    );
    expect(theirs.status).toBe(201);
    const id = theirs.body.data.id;
    expect((await kit.get(regionPaths.region(id), { company: kit.anKhang })).status).toBe(404);
    expect((await update(id, { code: 'HN2', name: 'Chiếm' })).status).toBe(404);
    expect((await kit.del(regionPaths.region(id), { company: kit.anKhang })).status).toBe(404);
    expect((await kit.get(regionPaths.region(id), { company: kit.minhPhat })).status).toBe(403);
    expect((await kit.get(regionPaths.region(await kit.regionId('MN')), { company: kit.anKhang }, kit.binh.access)).status).toBe(403);
    // The same province in a region of each company is fine: the rule holds within a company.
    expect((await kit.get<RegionRecord>(regionPaths.region(id), { company: kit.minhPhat }, kit.binh.access)).body.data.provinces).toEqual([
      { code: '01', name: 'Thành phố Hà Nội' },
    ]);
    expect((await kit.get(regionPaths.region('abc'), { company: kit.anKhang })).status).toBe(404);
    expect((await kit.get(regionPaths.region(2_147_483_647), { company: kit.anKhang })).status).toBe(404);
  });
});

describe('region/{id}/ (delete)', () => {
  it('refuses while staff are assigned, naming them', async () => {
    const answer = await kit.del(regionPaths.region(await kit.regionId('HN')), { company: kit.anKhang });
    expect([answer.status, answer.body.error, answer.body.message]).toEqual([
      409,
      'CONFLICT',
      'Không thể xóa: khu vực đang có 1 nhân viên (Phạm Thị Hoa). Hãy chuyển họ sang khu vực khác trước khi xóa.',
    ]);
  });

  it('deletes an empty region with its targets; deactivated members lose the dangling region', async () => {
    const made = await create({ code: 'DEL', name: 'Sẽ xóa', provinces: ['04', '11'] });
    const id = made.body.data.id;
    const db = kit.server.deps.db;
    await db
      .insert(kpiTargets)
      .values({ companyId: kit.anKhang, month: '2026-01', regionId: id, revenue: 1, orders: 1, newCustomers: 0, visits: 0 });
    const [kept] = await db.select().from(accountCompanies).where(eq(accountCompanies.code, 'TK001'));
    await db.update(accountCompanies).set({ regionId: id, isActive: false }).where(eq(accountCompanies.id, kept!.id));

    expect((await kit.del(regionPaths.region(id), { company: kit.anKhang }, kit.manager.access)).status).toBe(403);
    const answer = await kit.del(regionPaths.region(id), { company: kit.anKhang });
    expect([answer.status, answer.body.message]).toEqual([200, 'Đã xóa khu vực']);
    expect((await kit.get(regionPaths.region(id), { company: kit.anKhang })).status).toBe(404);
    expect(await db.select().from(kpiTargets).where(eq(kpiTargets.regionId, id))).toEqual([]);
    const [after] = await db.select().from(accountCompanies).where(eq(accountCompanies.id, kept!.id));
    expect(after!.regionId).toBeNull();
    await db.update(accountCompanies).set({ isActive: true }).where(eq(accountCompanies.id, kept!.id));
    expect((await kit.del(regionPaths.region(id), { company: kit.anKhang })).status).toBe(404);
    // Its provinces are free again.
    const again = await create({ code: 'DEL', name: 'Lại', provinces: ['04', '11'] });
    expect(again.status).toBe(201);
    expect((await kit.del(regionPaths.region(again.body.data.id), { company: kit.anKhang })).status).toBe(200);
  });
});

describe('getstaff/, getcustomer/, getorder/', () => {
  it('lists the staff assigned to a region, with search and paging', async () => {
    const region = await kit.regionId('MN');
    const answer = await kit.get<RegionStaffRow[]>(regionPaths.staff, { company: kit.anKhang, region });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(2);
    // In the staff list's order: by code.
    expect(answer.body.data.map((row) => row.full_name)).toEqual(['Võ Minh Quân', 'Lê Văn Trình']);
    expect(answer.body.data[1]).toMatchObject({
      code: 'TDV001',
      phone: '0912000001',
      staff_kind: 'sales',
      role_name: 'Trình dược viên',
      manager_name: 'Võ Minh Quân',
      is_active: true,
      start_date: '2025-03-01',
    });
    const found = await kit.get<RegionStaffRow[]>(regionPaths.staff, { company: kit.anKhang, region, search: 'trinh' });
    expect(found.body.data.map((row) => row.code)).toEqual(['TDV001']);
    const paged = await kit.get<RegionStaffRow[]>(regionPaths.staff, { company: kit.anKhang, region, page: 2, limit: 1 });
    expect([paged.body.count, paged.body.data.map((row) => row.code)]).toEqual([2, ['TDV001']]);
  });

  it('lists customers whose address is in the region, old province codes included', async () => {
    const db = kit.server.deps.db;
    // Entered before the reform in Bình Dương (old code 74), now part of TP. Hồ Chí Minh.
    await unguarded(db, (tx) =>
      tx.insert(customers).values({
        id: uuidv7(),
        companyId: kit.anKhang,
        code: 'KH-BD',
        name: 'Nhà thuốc Thủ Dầu Một',
        kind: 'Nhà thuốc',
        addressScheme: 'VN_LEGACY',
        provinceCode: '74',
        provinceName: 'Tỉnh Bình Dương',
        districtCode: '718',
        districtName: 'Thành phố Thủ Dầu Một',
        street: '1 Yersin',
        searchText: 'kh-bd nha thuoc thu dau mot',
      }),
    );
    const region = await kit.regionId('MN');
    const answer = await kit.get<RegionCustomerRow[]>(regionPaths.customers, { company: kit.anKhang, region, limit: 50 });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(9);
    expect(answer.body.data.map((row) => row.code)).toContain('KH-BD');
    expect(answer.body.data.find((row) => row.code === 'KH000001')).toMatchObject({
      name: 'Nhà thuốc Minh Châu',
      address: '12 Lê Lợi, Phường Bến Thành, Thành phố Hồ Chí Minh',
      staff_name: 'Nguyễn Văn An',
      status: 'active',
    });
    const searched = await kit.get<RegionCustomerRow[]>(regionPaths.customers, { company: kit.anKhang, region, search: 'thu duc xanh' });
    expect(searched.body.data.map((row) => row.code)).toEqual(['KH000005']);
    const north = await kit.get<RegionCustomerRow[]>(regionPaths.customers, { company: kit.anKhang, region: await kit.regionId('HN') });
    expect(north.body.data.map((row) => row.code)).toEqual(['KH000006', 'KH000007', 'KH000008']);
    expect((await kit.region('MN')).customer_count).toBe(9);
  });

  it('lists orders whose address is in the region, newest first', async () => {
    const order = await kit.createOrder({
      customerCode: 'KH000002',
      lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 2 }],
    });
    const south = await kit.get<RegionOrderRow[]>(regionPaths.orders, { company: kit.anKhang, region: await kit.regionId('MN') });
    expect(south.status).toBe(200);
    expect(south.body.data[0]).toMatchObject({
      id: order.id,
      code: order.code,
      status: 'pending',
      customer_name: 'Nhà thuốc Phúc An',
      account_name: 'Nguyễn Văn An',
      total: order.total,
    });
    const north = await kit.get<RegionOrderRow[]>(regionPaths.orders, { company: kit.anKhang, region: await kit.regionId('HN') });
    expect(north.body.data.some((row) => row.id === order.id)).toBe(false);
    const searched = await kit.get<RegionOrderRow[]>(regionPaths.orders, {
      company: kit.anKhang,
      region: await kit.regionId('MN'),
      search: order.code!,
    });
    expect(searched.body.data.map((row) => row.id)).toEqual([order.id]);
  });

  it('checks permission, the region’s company and the manager’s region', async () => {
    const north = await kit.regionId('HN');
    const south = await kit.regionId('MN');
    for (const path of [regionPaths.staff, regionPaths.customers, regionPaths.orders]) {
      expect((await kit.get(path, { company: kit.anKhang, region: south }, kit.manager.access)).status, path).toBe(200);
      const other = await kit.get(path, { company: kit.anKhang, region: north }, kit.manager.access);
      expect([other.status, other.body.message], path).toEqual([403, 'Bạn chỉ được xem khu vực mình phụ trách']);
      expect((await kit.get(path, { company: kit.anKhang, region: south }, kit.accountant.access)).status, path).toBe(403);
      expect((await kit.get(path, { company: kit.anKhang, region: south }, kit.binh.access)).status, path).toBe(403);
      expect((await kit.get(path, { company: kit.anKhang, region: 999_999 })).status, path).toBe(404);
      const missing = await kit.get(path, { company: kit.anKhang });
      expect([missing.status, missing.body.fields?.region], path).toEqual([400, 'Vui lòng chọn khu vực']);
      expect((await kit.get(path, { company: kit.anKhang, region: 'x' })).body.fields?.region, path).toBe('Khu vực không hợp lệ');
    }
  });
});

describe('import/', () => {
  const importRows = (rows: Record<string, unknown>[], token?: string) =>
    kit.send<{ created: number; updated: number; errors: { row: number; field?: string; message: string }[] }>(
      'POST',
      regionPaths.import,
      { company: kit.anKhang, rows },
      token,
    );

  it('creates and updates regions row by row, reporting exactly the bad rows', async () => {
    const answer = await importRows([
      {
        _row: 2,
        'Mã khu vực': 'dbb',
        'Tên khu vực': 'Đông Bắc Bộ',
        'Mô tả': 'Miền núi phía Bắc',
        'Tỉnh/thành': 'Cao Bằng, lạng son; 22\nTuyên Quang',
      },
      { _row: 3, 'Mã khu vực': 'MT', 'Tên khu vực': null, 'Mô tả': 'Duyên hải miền Trung', 'Tỉnh/thành': null },
      { _row: 4, 'Mã khu vực': 'BD', 'Tên khu vực': 'Bình Dương', 'Tỉnh/thành': 'Bình Dương' },
      { _row: 5, 'Mã khu vực': 'SG', 'Tên khu vực': 'Sài Gòn', 'Tỉnh/thành': 'TP HCM' },
      { _row: 6, 'Mã khu vực': null, 'Tên khu vực': 'Không mã' },
      { _row: 7, 'Mã khu vực': 'LC', 'Tên khu vực': 'Hai tỉnh LC', 'Tỉnh/thành': 'lc' },
      { _row: 8, 'Mã khu vực': 'TBB', 'Tên khu vực': 'Tây Bắc Bộ', 'Tỉnh/thành': 'Sơn La, 12, 99' },
      { _row: 9, 'Mã khu vực': 'BTB', 'Tên khu vực': 'Bắc Trung Bộ', 'Tỉnh/thành': 'Thanh Hóa, Nghệ An, Hà Tĩnh' },
    ]);
    expect([answer.status, answer.body.message]).toEqual([200, 'Đã thêm 2, cập nhật 1 khu vực, 5 dòng lỗi']);
    expect(answer.body.data.errors).toEqual([
      {
        row: 4,
        field: 'Tỉnh/thành',
        message: 'Dòng 4: Tỉnh Bình Dương đã sáp nhập vào Thành phố Hồ Chí Minh từ 01/07/2025: vui lòng dùng tên mới',
      },
      { row: 5, field: 'Tỉnh/thành', message: 'Dòng 5: Thành phố Hồ Chí Minh đã thuộc khu vực Miền Nam (MN)' },
      { row: 6, field: 'Mã khu vực', message: 'Dòng 6: Vui lòng nhập mã khu vực' },
      { row: 7, field: 'Tỉnh/thành', message: 'Dòng 7: "lc" có thể là Lai Châu, Lào Cai: vui lòng ghi tên đầy đủ hoặc mã' },
      { row: 8, field: 'Tỉnh/thành', message: 'Dòng 8: Không có tỉnh/thành phố mã 99' },
    ]);
    const all = (await list({ limit: 50 })).body.data;
    const northEast = all.find((region) => region.code === 'DBB')!;
    expect(northEast.provinces.map((province) => province.name)).toEqual(['Cao Bằng', 'Lạng Sơn', 'Quảng Ninh', 'Tuyên Quang']);
    // An empty cell keeps what the region had.
    const centre = all.find((region) => region.code === 'MT')!;
    expect(centre).toMatchObject({ name: 'Miền Trung', description: 'Duyên hải miền Trung' });
    expect(centre.provinces).toHaveLength(4);
    expect(all.map((region) => region.code)).toContain('BTB');
    expect(all.map((region) => region.code)).not.toContain('BD');
  });

  it('refuses members who may not create and edit regions, and bad bodies', async () => {
    expect((await importRows([{ 'Mã khu vực': 'A', 'Tên khu vực': 'A' }], kit.manager.access)).status).toBe(403);
    expect((await importRows([{ 'Mã khu vực': 'A', 'Tên khu vực': 'A' }], kit.accountant.access)).status).toBe(403);
    const empty = await importRows([]);
    expect([empty.status, empty.body.message]).toEqual([400, 'Tệp không có dòng dữ liệu nào']);
    const tooMany = await importRows(Array.from({ length: 501 }, () => ({ 'Mã khu vực': 'A' })));
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'Tối đa 500 dòng mỗi lần gửi']);
  });

  it('gives the template: the company’s regions and a sheet of the 34 provinces', async () => {
    const response = await fetch(`${kit.server.url}/api${regionPaths.import}?company=${kit.anKhang}`, {
      headers: { authorization: `Bearer ${kit.an.access}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="mau-nhap-khu-vuc.xlsx"');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const [sheet, provinces] = workbook.worksheets;
    expect((sheet!.getRow(1).values as unknown[]).slice(1)).toEqual(['Mã khu vực', 'Tên khu vực', 'Mô tả', 'Tỉnh/thành']);
    const codes: string[] = [];
    sheet!.eachRow((row, number) => {
      if (number > 1) codes.push(String(row.getCell(1).value));
    });
    const stored = await kit.server.deps.db.select({ code: regions.code }).from(regions).where(eq(regions.companyId, kit.anKhang));
    expect(codes.sort()).toEqual(stored.map((row) => row.code).sort());
    const south = sheet!.getRows(2, sheet!.rowCount - 1)!.find((row) => row.getCell(1).value === 'MN')!;
    expect(String(south.getCell(4).value)).toContain('Thành phố Hồ Chí Minh');
    expect(provinces!.rowCount).toBe(35);
    const denied = await fetch(`${kit.server.url}/api${regionPaths.import}?company=${kit.anKhang}`, {
      headers: { authorization: `Bearer ${kit.accountant.access}` },
    });
    expect(denied.status).toBe(403);
  });
});
