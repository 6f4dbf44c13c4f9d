/**
 * A new send-to-many: a name, an approved template, the recipients (customers a filter picks, or
 * the OA's followers), now or at a time. "Xem người nhận" asks the server who that is (how many,
 * who is left out, a few with their data, the day's ZNS quota) before anything is sent.
 */
import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import type { OaRecord } from '@contract/messaging';
import type { CampaignRecord } from '@contract/messaging-campaigns';
import { formatNumber } from '@/lib/money';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';
import { CampaignAudience, CampaignRecipientFields } from './campaign-form-parts';
import { useCampaignForm } from './use-campaign-form';

type Props = { companyId: number; oa: OaRecord; onClose: () => void; onCreated: (campaign: CampaignRecord) => void };

export function CampaignForm({ companyId, oa, onClose, onCreated }: Props) {
  const {
    name,
    setName,
    template,
    setTemplate,
    enabled,
    recipients,
    later,
    setLater,
    at,
    setAt,
    audience,
    busy,
    problem,
    preview,
    create,
  } = useCampaignForm({ companyId, oa, onCreated });
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title="Tạo chiến dịch gửi ZNS" size="xl">
      <Stack gap="sm">
        <TextInput
          label="Tên chiến dịch"
          required
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="zalo-campaign-name"
        />
        <Select
          label="Mẫu ZNS"
          required
          placeholder="Chọn mẫu đã duyệt"
          data={enabled.map((one) => ({ value: String(one.id), label: one.name }))}
          value={template}
          onChange={setTemplate}
          data-testid="zalo-campaign-template"
        />
        <CampaignRecipientFields recipients={recipients} />
        <Checkbox label="Hẹn giờ gửi" checked={later} onChange={(event) => setLater(event.currentTarget.checked)} />
        {later && (
          <TextInput
            type="datetime-local"
            label="Thời điểm gửi"
            value={at ?? ''}
            onChange={(event) => setAt(event.currentTarget.value || null)}
            data-testid="zalo-campaign-at"
          />
        )}
        {audience && <CampaignAudience audience={audience} />}
        <ProblemLine problem={problem} testId="zalo-campaign-problem" />
        <DialogActions
          onCancel={onClose}
          label={audience ? (later ? 'Hẹn giờ gửi' : `Gửi tới ${formatNumber(audience.count)} người`) : 'Xem người nhận'}
          onConfirm={() => void (audience ? create() : preview())}
          busy={busy}
          disabled={!template || (audience !== null && (!name.trim() || audience.count === 0 || (later && !at)))}
          testId="zalo-campaign-submit"
        />
      </Stack>
    </ResponsiveModal>
  );
}
