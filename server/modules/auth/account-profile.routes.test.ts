/**
 * One's own address by administrative units and picture: set and read back by the person,
 * refused to another person, the picture checked like product images and served only to people of
 * a company the person belongs to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@contract/auth';
import { DEMO } from '@server/seed/demo';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { DEMO_SYSTEM } from '@server/seed/demo-system';
import { addAccount } from '@server/testing/fixtures';
import { startTestServer, type SignedIn, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: SignedIn;
let rep: SignedIn;
let binh: SignedIn;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

beforeAll(async () => {
  server = await startTestServer();
  [an, rep, binh] = await Promise.all([server.login(DEMO.an.phone), server.login(DEMO_STAFF.repSouth), server.login(DEMO.binh.phone)]);
});
afterAll(async () => {
  await server?.stop();
});

async function uploadAvatar(id: number, bytes: Uint8Array, token: string, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([bytes.slice()], { type }), 'anh.png');
  const response = await fetch(`${server.url}/api/account/api/account/${id}/avatar/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { data: Account; message: string } };
}
const fetchAvatar = (path: string, token: string) => fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('address/{id}', () => {
  it('keeps one’s address by province and ward, with its one-line form, and refuses another person', async () => {
    const address = {
      scheme: 'VN2025',
      province_code: '79',
      province_name: 'Thành phố Hồ Chí Minh',
      ward_code: '26734',
      ward_name: 'Phường Bến Thành',
      street: '12 Lê Lợi',
    };
    const saved = await server.call<Account>(`/account/api/address/${rep.account.id}/`, {
      token: rep.access,
      method: 'PUT',
      body: { address },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      address: '12 Lê Lợi, Phường Bến Thành, Thành phố Hồ Chí Minh',
      address_data: { ...address, district_code: null },
    });
    const read = await server.call<{ address: unknown; text: string }>(`/account/api/address/${rep.account.id}/`, { token: rep.access });
    expect(read.body.data.text).toBe('12 Lê Lợi, Phường Bến Thành, Thành phố Hồ Chí Minh');
    expect(
      (await server.call(`/account/api/address/${rep.account.id}/`, { token: an.access, method: 'PUT', body: { address } })).status,
    ).toBe(403);
    const bad = await server.call(`/account/api/address/${rep.account.id}/`, {
      token: rep.access,
      method: 'PUT',
      body: { address: { ...address, province_code: 'HCM' } },
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'Mã tỉnh/thành phố không hợp lệ']);
    const admin = await server.login(DEMO_SYSTEM.phone);
    expect((await server.call(`/account/api/address/${rep.account.id}/`, { token: admin.access })).status).toBe(200);
  });
});

describe('the avatar', () => {
  it('is set from a picture checked by its bytes, served to the person and colleagues only, replaced and removed', async () => {
    const set = await uploadAvatar(rep.account.id, PNG, rep.access);
    expect([set.status, set.body.message]).toEqual([200, 'Đã cập nhật ảnh đại diện']);
    const url = set.body.data.avatar_url!;
    expect(url).toMatch(/^\/account\/api\/avatar\/\d+\/1\/$/);
    const own = await fetchAvatar(url, rep.access);
    expect([own.status, own.headers.get('content-type')]).toEqual([200, 'image/png']);
    // A colleague in An Khang sees it; Bình (of Minh Phát only) does not.
    expect((await fetchAvatar(url, an.access)).status).toBe(200);
    expect((await fetchAvatar(url, binh.access)).status).toBe(404);

    const replaced = await uploadAvatar(rep.account.id, WEBP, rep.access, 'image/webp');
    expect(replaced.body.data.avatar_url).toMatch(/\/2\/$/);
    expect((await fetchAvatar(replaced.body.data.avatar_url!, rep.access)).headers.get('content-type')).toBe('image/webp');

    expect((await uploadAvatar(rep.account.id, PNG, an.access)).status).toBe(403);
    expect((await uploadAvatar(rep.account.id, new TextEncoder().encode('<svg onload=alert(1)>'), rep.access)).status).toBe(415);
    expect((await uploadAvatar(rep.account.id, new Uint8Array(3 * 1024 * 1024), rep.access)).status).toBe(413);

    const removed = await server.call<Account>(`/account/api/account/${rep.account.id}/avatar/`, { token: rep.access, method: 'DELETE' });
    expect(removed.body.data.avatar_url).toBeNull();
    expect((await fetchAvatar(url, rep.access)).status).toBe(404);
    const someone = await addAccount(server.deps.db);
    expect((await uploadAvatar(someone.id, PNG, rep.access)).status).toBe(403);
  });
});
