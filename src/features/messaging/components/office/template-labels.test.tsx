/**
 * ZNS templates as a person reads them: the type in Vietnamese (Khuyến mại, not PROMOTION) and each
 * parameter by its Vietnamese name with its key kept beside it (Tên khách hàng, customer_name), both
 * in the template list and in the send dialog (src/features/messaging/model/template-labels.ts).
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagingPaths, type OaRecord, type TemplateRecord } from '@contract/messaging';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { templateTagLabel } from '@/features/messaging/model/template-labels';
import { TemplatesPanel } from './templates-panel';
import { ZnsDialog } from './zns-dialog';

const OA = { id: 3, name: 'Dược An Khang', label: 'Dược An Khang' } as OaRecord;
const TEMPLATE: TemplateRecord = {
  id: 12,
  oa: OA.id,
  template_id: '301234',
  name: 'Ưu đãi tháng 12',
  status: 'enabled',
  quality: null,
  tag: 'PROMOTION',
  price: null,
  preview_url: null,
  params: [
    { name: 'customer_name', type: 'STRING', require: true, max_length: 30 },
    { name: 'order_code', type: 'STRING', require: true, max_length: 20 },
    { name: 'voucher_xyz', type: 'STRING', require: false, max_length: 20 },
  ],
  sample_data: {},
  bindings: {},
  synced_at: null,
};

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
});

describe('ZNS template labels', () => {
  it('names the types in Vietnamese and keeps an unknown one as Zalo sends it', () => {
    expect(templateTagLabel('PROMOTION')).toBe('Khuyến mại');
    expect(templateTagLabel('TRANSACTION')).toBe('Giao dịch');
    expect(templateTagLabel('OTP')).toBe('OTP (mã xác thực)');
    expect(templateTagLabel(null)).toBe('—');
  });

  it('lists a template by its Vietnamese type and parameter names', async () => {
    enterWorkspace(ADMIN_ACCESS);
    serveApi({ [messagingPaths.templates]: { data: [TEMPLATE] } });
    renderScreen(<TemplatesPanel companyId={TEST_COMPANY.id} oa={OA} isMobile={false} canSend />);
    expect(await screen.findByText('Khuyến mại')).toBeTruthy();
    expect(screen.getByText('Tên khách hàng, Mã đơn hàng, voucher_xyz')).toBeTruthy();
    expect(screen.queryByText('PROMOTION')).toBeNull();
  });

  it('labels the fields of a ZNS by name, with the key as their description', async () => {
    enterWorkspace(ADMIN_ACCESS);
    serveApi({ [messagingPaths.templates]: { data: [TEMPLATE] } });
    renderScreen(
      <ZnsDialog companyId={TEST_COMPANY.id} oa={OA} phone="0912000005" customer={null} template={TEMPLATE.id} onClose={() => {}} />,
    );
    expect(await screen.findByLabelText(/Tên khách hàng/)).toBeTruthy();
    expect(screen.getByLabelText(/Mã đơn hàng/)).toBeTruthy();
    expect(screen.getByText('customer_name')).toBeTruthy();
    expect(screen.getByLabelText(/voucher_xyz/)).toBeTruthy();
    expect(screen.queryByLabelText(/^customer_name/)).toBeNull();
  });
});
