/**
 * Gives a company at least one record of every kind the API serves (customers, visits, orders,
 * a visit photo, an order group, a product image, a custom unit, a customer level, a region, a route plan, an attendance claim, a table view), written through
 * the API as its member would, so the fuzzer and the isolation matrix have real ids to aim at.
 */
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import type { VariantRecord } from '@contract/products';
import type { PushAnswer } from '@contract/sync';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { planPaths } from '@contract/visits-plans';
import { filePaths } from '@contract/files';
import type { TestServer } from '@server/testing/test-server';
import { seedMessaging } from './seed-messaging';

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

export async function seedTenant(server: TestServer, session: LoginAnswer, companyId: number, prefix: string): Promise<void> {
  const token = session.access;
  const must = async (label: string, promise: ReturnType<TestServer['call']>) => {
    const answer = await promise;
    if (answer.status >= 300) throw new Error(`seeding ${label} failed: ${answer.status} ${answer.body.message}`);
    return answer;
  };
  const customers = (
    await must('customers', server.call<CustomerRecord[]>(`/customer/api/customer/?company=${companyId}&limit=5`, { token }))
  ).body.data as CustomerRecord[];
  const variants = (await must('variants', server.call<VariantRecord[]>(`/product/api/variant/?company=${companyId}&limit=5`, { token })))
    .body.data as VariantRecord[];
  if (customers.length === 0 || variants.length === 0) throw new Error(`company ${companyId} has no customers or variants to seed with`);

  const customerId = uuidv7();
  const ops: unknown[] = [
    {
      opId: uuidv7(),
      type: 'customer.create',
      schemaVersion: 1,
      clientCreatedAt: new Date().toISOString(),
      payload: { id: customerId, name: `${prefix} Khách thử nghiệm`, phone: '0912345678' },
    },
  ];
  const orderIds: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const visitId = uuidv7();
    const at = new Date(Date.now() - (3 - i) * 3_600_000).toISOString();
    ops.push(
      {
        opId: uuidv7(),
        type: 'visit.checkIn',
        schemaVersion: 1,
        clientCreatedAt: at,
        payload: {
          visitId,
          customerId: customers[i % customers.length]!.id,
          at,
          location: { lat: 10.8, lng: 106.7, accuracy: 10 },
          note: `${prefix} ghé thăm ${i}`,
        },
      },
      {
        opId: uuidv7(),
        type: 'visit.checkOut',
        schemaVersion: 1,
        clientCreatedAt: at,
        payload: { visitId, at, location: null, note: null },
      },
    );
    const orderId = uuidv7();
    orderIds.push(orderId);
    const variant = variants[i % variants.length]!;
    const unit = variant.units[0]!;
    ops.push({
      opId: uuidv7(),
      type: 'order.submit',
      schemaVersion: 1,
      clientCreatedAt: at,
      payload: {
        orderId,
        localNo: `${prefix.replace(/[^A-Z0-9]/g, '').slice(0, 6) || 'T'}-SEED-${i + 1}`,
        customerId: customers[i % customers.length]!.id,
        visitId,
        deliveryDate: '2026-12-01',
        note: `${prefix} đơn ${i}`,
        lines: [{ lineId: uuidv7(), variantId: variant.id, unit: unit.unit, quantity: 2, quotedUnitPrice: unit.price * 2, discount: null }],
        quotedTotal: 0,
        createdAt: at,
      },
    });
  }
  // A photo at the first visit, its file uploaded first (contract/files.ts), so the file and gallery routes have ids to aim at.
  const fileId = uuidv7();
  const photoFile = await fetch(`${server.url}/api${filePaths.file(fileId)}?company=${companyId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: TINY_PNG,
  });
  if (photoFile.status !== 201) throw new Error(`seeding a photo's file failed: ${photoFile.status} ${await photoFile.text()}`);
  const firstVisit = (ops.find((op) => (op as { type: string }).type === 'visit.checkIn') as { payload: { visitId: string } }).payload
    .visitId;
  ops.push({
    opId: uuidv7(),
    type: 'visit.addPhoto',
    schemaVersion: 1,
    clientCreatedAt: new Date().toISOString(),
    payload: { photoId: uuidv7(), visitId: firstVisit, fileId, kind: 'shelf', note: `${prefix} ảnh quầy`, takenAt: null, location: null },
  });
  // A self-claim for yesterday (contract/attendance.ts), so the claim routes have an id to aim at.
  const claimId = uuidv7();
  ops.push({
    opId: uuidv7(),
    type: 'attendance.claim',
    schemaVersion: 1,
    clientCreatedAt: new Date().toISOString(),
    payload: { claimId, day: vietnamDay(new Date(Date.now() - 86_400_000)), kind: 'full', reason: `${prefix} quên check-in` },
  });
  const pushed = await must('ops', server.call<PushAnswer>('/sync/push', { token, body: { company: companyId, deviceId: uuidv7(), ops } }));
  const refused = (pushed.body.data as PushAnswer).results.filter(
    (result) => result.outcome !== 'applied' && result.outcome !== 'applied_with_changes',
  );
  if (refused.length) throw new Error(`seeding ops refused: ${JSON.stringify(refused).slice(0, 300)}`);

  await must(
    'customer level',
    server.call('/customer/api/customer-level/', { token, body: { company: companyId, title: `${prefix} Cấp thử`, rank: 3 } }),
  );
  await must(
    'customer group',
    server.call('/customer/api/customertype/', { token, body: { company: companyId, title: `${prefix} Nhóm thử` } }),
  );
  await must('unit', server.call('/product/api/unit/', { token, body: { company: companyId, title: `${prefix} Thùng`.slice(0, 30) } }));
  await must(
    'brand',
    server.call('/product/api/productbrand/', { token, body: { company: companyId, title: `${prefix} Thương hiệu thử` } }),
  );
  await must(
    'region',
    server.call('/region/api/regions/', { token, body: { company: companyId, code: `${prefix}-KV1`, name: `${prefix} Khu vực thử` } }),
  );
  // A route plan of the member's own, approved (contract/visits-plans.ts).
  const plan = await must(
    'route plan',
    server.call<{ id: string }>(planPaths.plans, {
      token,
      body: {
        company: companyId,
        account_id: session.account.id,
        name: `${prefix} Tuyến thử`,
        effective_from: '2026-01-05',
        stops: [{ customer_id: customers[0]!.id, frequency: 'F4', weekdays: [1], weeks: [] }],
      },
    }),
  );
  await must(
    'route plan approval',
    server.call(planPaths.approve((plan.body.data as { id: string }).id), { token, body: { company: companyId } }),
  );
  await must(
    'table view',
    server.call('/order/api/order-table/', { token, method: 'PUT', body: { company: companyId, columns: ['code', 'total', 'note'] } }),
  );
  // Order groups need the GROUP-ORDER switch: an owner turns it on where it is off.
  await server.call('/company/api/functiononoff/', {
    token,
    method: 'PUT',
    body: { company: companyId, code: 'GROUP-ORDER', is_enabled: true },
  });
  await server.call('/order/api/order-group/', {
    token,
    body: { company: companyId, title: `${prefix} Chuyến giao thử`, orders: orderIds.slice(0, 1) },
  });

  const form = new FormData();
  form.append('company', String(companyId));
  form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'anh.png');
  const upload = await fetch(`${server.url}/api/product/api/product/${variants[0]!.product_id}/images/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (upload.status >= 300) throw new Error(`seeding an image failed: ${upload.status} ${await upload.text()}`);
  await seedMessaging(server, companyId, prefix);
}
