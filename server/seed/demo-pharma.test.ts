/**
 * The demo shows every pharma rule and a recall under way: customers with
 * valid, soon-expiring, expired and missing papers (drug counters too), drugs of each class and
 * storage condition, one open level-2 recall
 * with one of three customers returned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBetween } from '@contract/calendar-days';
import { LICENCE_EXPIRING_DAYS, type CustomerRecord } from '@contract/customers';
import { vietnamDay } from '@contract/price-policy';
import { recallPaths, type RecallRecord } from '@contract/pharma-recalls';
import type { VariantRecord } from '@contract/products';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

let kit: OrderKit;

beforeAll(async () => {
  kit = await startOrderKit();
});

afterAll(async () => {
  await kit?.stop();
});

describe('the pharma demo', () => {
  it('has papers in every state and drugs of every class', () => {
    const papers = (code: string): Partial<CustomerRecord> => kit.customers.get(code)!;
    expect(papers('KH000001')).toMatchObject({ licence_number: '0123/ĐKKDD-HCM', controlled_scope: false });
    expect(papers('KH000005').gpp_expiry! < papers('KH000002').gpp_expiry!).toBe(true);
    expect(papers('KH000007')).toMatchObject({ licence_number: null });
    expect(papers('KH000004')).toMatchObject({ controlled_scope: true, gpp_expiry: null });
    const drug = (name: string): VariantRecord => kit.variant(name);
    expect(drug('Cefuroxim 500mg')).toMatchObject({ prescription: true, essential: false });
    expect(drug('Amoxicillin 500mg')).toMatchObject({ prescription: true, essential: true });
    expect(drug('Mixtard 30 FlexPen')).toMatchObject({ storage: 'cold', is_medicine: true });
    expect(drug('Seduxen 5mg')).toMatchObject({ controlled_class: 'psychotropic' });
    expect(drug('Hapacol 500')).toMatchObject({ prescription: false, controlled_class: 'none' });
    expect(drug('Morphin 10mg/ml')).toMatchObject({ controlled_class: 'addictive' });
    expect(drug('Ephedrin Aguettant 30mg/ml')).toMatchObject({ controlled_class: 'precursor' });
    expect(drug('Colchicin 1mg')).toMatchObject({ controlled_class: 'restricted' });
    expect(drug('Efferalgan 150mg viên đặt')).toMatchObject({ storage: 'cool' });
    expect(drug('Vắc xin Varivax')).toMatchObject({ storage: 'frozen' });
  });

  it('has drug counters with valid, soon-expiring and expired certificates', () => {
    const counters = ['KH000003', 'KH000010', 'KH000011'].map((code) => kit.customers.get(code)!);
    expect(counters.map((counter) => counter.kind)).toEqual(['Quầy thuốc', 'Quầy thuốc', 'Quầy thuốc']);
    const today = vietnamDay();
    const [valid, soon, expired] = counters.map((counter) => daysBetween(today, counter.gpp_expiry!));
    expect(valid).toBeGreaterThan(LICENCE_EXPIRING_DAYS);
    expect(soon).toBeGreaterThanOrEqual(0);
    expect(soon).toBeLessThanOrEqual(LICENCE_EXPIRING_DAYS);
    expect(expired).toBeLessThan(0);
  });

  it('has one open level-2 recall: three customers received the lot, one returned it all', async () => {
    const list = await kit.server.call<RecallRecord[]>(`${recallPaths.list}?company=${kit.anKhang}`, { token: kit.an.access });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const recall = list.body.data[0]!;
    expect(recall).toMatchObject({
      level: 2,
      status: 'open',
      product_name: 'Metformin Stada 850mg',
      customer_count: 3,
      shipped: 200,
      returned: 60,
    });
    const days = (Date.parse(recall.deadline) - Date.parse(recall.decision_date)) / 86_400_000;
    expect(days).toBe(15);
  });
});
