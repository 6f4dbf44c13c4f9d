/**
 * The licence scan: one image or PDF per customer, checked by its first bytes and
 * its size, replaced by a new upload, served only to members who may view the customer, and the
 * customer's record (hence the phones, through the change log) naming the current one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import { customerPaths, MAX_LICENCE_SCAN_BYTES, type CustomerRecord } from '@contract/customers';
import type { Envelope } from '@contract/envelope';
import type { PullAnswer } from '@contract/sync';
import { DEMO } from '@server/seed/demo';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDemoServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: LoginAnswer;
let rep: LoginAnswer;
let binh: LoginAnswer;
let anKhang: number;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const PDF = new TextEncoder().encode('%PDF-1.4\n% giấy chứng nhận\n%%EOF\n');

beforeAll(async () => {
  ({ server, an, anKhang } = await startDemoServer());
  rep = await server.login(DEMO_STAFF.repSouth);
  binh = await server.login(DEMO.binh.phone);
});
afterAll(async () => {
  await server?.stop();
});

async function byCode(code: string): Promise<CustomerRecord> {
  const answer = await server.call<CustomerRecord[]>(`/customer/api/customer/?company=${anKhang}&search=${code}`, { token: an.access });
  return answer.body.data.find((customer) => customer.code === code)!;
}

async function upload(
  customerId: string,
  files: { name: string; bytes: Uint8Array; type?: string }[],
  token = an.access,
  company = anKhang,
) {
  const form = new FormData();
  form.set('company', String(company));
  for (const file of files) form.append('file', new Blob([file.bytes as BlobPart], { type: file.type ?? 'image/png' }), file.name);
  const response = await fetch(`${server.url}/api${customerPaths.licenceScan(customerId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<CustomerRecord> & { fields?: Record<string, string> } };
}

const read = (customerId: string, token = an.access) =>
  fetch(`${server.url}/api${customerPaths.licenceScan(customerId)}?company=${anKhang}`, { headers: { authorization: `Bearer ${token}` } });

describe('customer/{id}/licence-scan/', () => {
  it('stores a scan, names it on the record and in the change log, serves it, and a new upload replaces it', async () => {
    const customer = await byCode('KH000004');
    const before = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&limit=2000`, { token: rep.access });
    const first = await upload(customer.id, [{ name: 'giay-phep.png', bytes: PNG }], rep.access);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Đã lưu bản chụp giấy phép');
    const scanId = first.body.data.licence_scan;
    expect(scanId).toMatch(/^[0-9a-f-]{36}$/);
    const pulled = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&cursor=${before.body.data.cursor}`, { token: rep.access });
    expect(pulled.body.data.changes.find((c) => c.id === customer.id)?.data).toMatchObject({ licence_scan: scanId });

    const served = await read(customer.id, rep.access);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const second = await upload(customer.id, [{ name: 'giay-phep.pdf', bytes: PDF, type: 'image/png' }]);
    expect(second.status).toBe(201);
    expect(second.body.data.licence_scan).not.toBe(scanId);
    const pdf = await read(customer.id);
    expect(pdf.headers.get('content-type'), 'the first bytes decide, not the declared type').toBe('application/pdf');

    const removed = await server.call<CustomerRecord>(`${customerPaths.licenceScan(customer.id)}?company=${anKhang}`, {
      method: 'DELETE',
      token: an.access,
    });
    expect([removed.status, removed.body.data.licence_scan]).toEqual([200, null]);
    expect((await read(customer.id)).status).toBe(404);
  });

  it('refuses, in Vietnamese, no file, two files, a file that is not an image or PDF, and one too large', async () => {
    const customer = await byCode('KH000005');
    const none = await upload(customer.id, []);
    expect([none.status, none.body.message]).toEqual([400, 'Vui lòng chọn ảnh chụp hoặc tệp PDF của giấy phép']);
    const two = await upload(customer.id, [
      { name: 'a.png', bytes: PNG },
      { name: 'b.png', bytes: PNG },
    ]);
    expect([two.status, two.body.message]).toEqual([400, 'Mỗi lần chỉ tải một tệp']);
    const text = await upload(customer.id, [{ name: 'ghi-chu.txt', bytes: new TextEncoder().encode('không phải ảnh') }]);
    expect([text.status, text.body.message]).toEqual([415, 'Tệp "ghi-chu.txt" không phải ảnh JPEG, PNG, WebP hoặc tệp PDF']);
    const big = new Uint8Array(MAX_LICENCE_SCAN_BYTES + 1);
    big.set(PNG);
    const tooBig = await upload(customer.id, [{ name: 'to.png', bytes: big }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/không quá 5 MB|vượt quá 5 MB/);
    const json = await server.call(customerPaths.licenceScan(customer.id), { token: an.access, body: { company: anKhang } });
    expect(json.status).toBe(415);
    expect((await byCode('KH000005')).licence_scan).toBeNull();
  });

  it('answers not found outside the member’s scope or company, and 403 to a non-member', async () => {
    const theirs = await byCode('KH000007');
    expect((await upload(theirs.id, [{ name: 'a.png', bytes: PNG }], rep.access)).status).toBe(404);
    await upload(theirs.id, [{ name: 'a.png', bytes: PNG }]);
    expect((await read(theirs.id, rep.access)).status).toBe(404);
    expect((await read(theirs.id, binh.access)).status).toBe(403);
    expect((await upload(theirs.id, [{ name: 'a.png', bytes: PNG }], binh.access)).status).toBe(403);
    expect((await read('01890a5d-ac96-774b-bcce-b302099a80a1')).status).toBe(404);
    expect((await read('not-a-uuid')).status, 'a malformed id names no customer').toBe(404);
  });
});
