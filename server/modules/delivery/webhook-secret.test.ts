/**
 * A carrier webhook's secret is a secret: whole only in the answer to whoever connects the account
 * or renews it, never in lists, details or the booking draft (which anyone who may view orders
 * reads); a renewed secret retires the old address at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths, type CarrierAccountRecord } from '@contract/delivery';
import { startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';

let kit: DeliveryKit;
beforeAll(async () => {
  kit = await startDeliveryKit();
});
afterAll(async () => {
  await kit?.stop();
});

const secretOf = (url: string | null) => new URL(url!).searchParams.get('secret')!;

/** A GHN status event posted to a webhook address as GHN would. */
const post = (url: string) =>
  fetch(url.replace(/^[^/]+\/\/[^/]+/, kit.server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Type: 'switch_status',
      OrderCode: 'KHONGCO1',
      ClientOrderCode: 'DH000001',
      Status: 'picking',
      Time: new Date().toISOString(),
    }),
  });

describe('a carrier webhook secret', () => {
  it('is whole only in the answer to connecting; lists, detail, check and the booking draft carry its last four characters', async () => {
    const connected = await kit.connect('ghn');
    const secret = secretOf(connected.webhook_url);
    expect(secret.length).toBeGreaterThanOrEqual(20);
    expect(connected.webhook_hint).toBe(connected.webhook_url!.replace(secret, `••••${secret.slice(-4)}`));

    const order = await kit.confirmedOrder();
    const answers = [
      await kit.get(deliveryPaths.accounts),
      await kit.get(deliveryPaths.accountDetail(connected.id)),
      await kit.send('POST', deliveryPaths.checkAccount(connected.id)),
      await kit.get(deliveryPaths.draft, { order: order.id }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    const listed = (answers[0]!.body.data as CarrierAccountRecord[]).find((account) => account.id === connected.id)!;
    expect(listed).toMatchObject({ webhook_url: null, webhook_hint: connected.webhook_hint });
  });

  it('renewed, shows the new address once and the old one is refused from then on', async () => {
    const [account] = (await kit.get<CarrierAccountRecord[]>(deliveryPaths.accounts)).body.data.filter((row) => row.carrier === 'ghn');
    const before = (await kit.connect('ghn')).webhook_url!;
    expect((await post(before)).status).not.toBe(401);

    const renewed = await kit.send<CarrierAccountRecord>('POST', deliveryPaths.webhookSecret(account!.id));
    expect(renewed.status).toBe(200);
    const after = renewed.body.data.webhook_url!;
    expect(secretOf(after)).not.toBe(secretOf(before));
    expect((await post(before)).status).toBe(401);
    expect((await post(after)).status).not.toBe(401);
    // Connecting again keeps the secret the carrier now holds.
    expect((await kit.connect('ghn')).webhook_url).toBe(after);
  });

  it('is renewed only by who may edit the company settings', async () => {
    const [account] = (await kit.get<CarrierAccountRecord[]>(deliveryPaths.accounts)).body.data.filter((row) => row.carrier === 'ghn');
    const byRep = await kit.send('POST', deliveryPaths.webhookSecret(account!.id), {}, kit.binh.access);
    expect(byRep.status).toBe(403);
  });
});
