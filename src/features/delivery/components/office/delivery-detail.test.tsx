/**
 * A delivery's journey names the carrier's own step in Vietnamese (GHN's ready_to_pick is "Chờ lấy
 * hàng", src/features/delivery/model/carrier-steps.ts); a code the app does not know stays a code.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryRecord, Parcel } from '@contract/delivery';
import { coldPaths } from '@contract/pharma-cold';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { carrierStepText } from '@/features/delivery/model/carrier-steps';
import { DeliveryDetail } from './delivery-detail';

const AT = '2026-12-03T02:00:00.000Z';
const DELIVERY: DeliveryRecord = {
  id: '01a211d3-8f15-70d9-bb52-3627ac777020',
  code: 'VC000012',
  order_id: '01a211d3-8f15-70d9-bb52-3627ac777021',
  order_code: 'DH000042',
  order_status: 'confirmed',
  order_total: 500_000,
  customer_name: 'Nhà thuốc Hồng Phúc',
  carrier: 'ghn',
  carrier_label: 'Giao Hàng Nhanh',
  connection_id: 1,
  status: 'waiting_pickup',
  carrier_status: 'ready_to_pick',
  tracking_code: 'GHN123',
  service_name: null,
  fee: 30_000,
  expected_at: null,
  receiver_method: 'cho_xem',
  cod_amount: 0,
  insurance_value: 0,
  parcel: { weight_grams: 500, length_cm: 10, width_cm: 10, height_cm: 10 } as Parcel,
  pick_shift: null,
  note: null,
  receiver: { name: 'Chị Hoa', phone: '0912000006', address: '12 Lê Lợi', province: '79', ward: '26734' },
  shipper: null,
  print_status: 'not_printed',
  printed_at: null,
  print_count: 0,
  problem: null,
  cancel_reason: null,
  cod: { expected: 0, collected: null, collected_at: null, paid_out: null, paid_at: null, note: null, state: 'none', difference: 0 },
  created_at: AT,
  updated_at: AT,
  events: [
    { at: AT, source: 'webhook', status: 'waiting_pickup', carrier_status: 'ready_to_pick', applied: true, note: null, account_name: null },
    { at: AT, source: 'webhook', status: null, carrier_status: 'unknown_step', applied: false, note: null, account_name: null },
  ],
};

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
});

describe('DeliveryDetail journey', () => {
  it("names GHN's step in Vietnamese, not its code", async () => {
    enterWorkspace(ADMIN_ACCESS);
    serveApi({ [coldPaths.delivery(DELIVERY.id)]: { data: { cold_items: [], readings: [] } } });
    renderScreen(<DeliveryDetail companyId={TEST_COMPANY.id} delivery={DELIVERY} onNavigate={() => {}} onRemoved={() => {}} />);
    const events = await screen.findAllByTestId('delivery-event');
    expect(events[0]!.textContent).toContain('Hãng báo · Chờ lấy hàng');
    expect(document.body.textContent).not.toContain('ready_to_pick');
    expect(events[1]!.textContent).toContain('mã hãng unknown_step');
  });

  it('shows why a failed delivery failed', async () => {
    enterWorkspace(ADMIN_ACCESS);
    serveApi({ [coldPaths.delivery(DELIVERY.id)]: { data: { cold_items: [], readings: [] } } });
    const failed: DeliveryRecord = { ...DELIVERY, status: 'delivery_failed', failure_reason: 'Khách hẹn giao lại' };
    renderScreen(<DeliveryDetail companyId={TEST_COMPANY.id} delivery={failed} onNavigate={() => {}} onRemoved={() => {}} />);
    expect((await screen.findByTestId('delivery-failure-reason')).textContent).toBe('Khách hẹn giao lại');
    expect(document.body.textContent).toContain('Lý do giao không thành công');
  });

  it("keeps GHTK's and Viettel Post's numbers as the carrier's code", () => {
    expect(carrierStepText('ghtk', '12')).toBe('mã hãng 12');
    expect(carrierStepText('ghn', 'storing')).toBe('Hàng đã nhập kho');
    expect(carrierStepText('ghn', null)).toBeNull();
  });
});
