/**
 * Sending one ZNS by phone: an approved template, its parameters filled from the customer's data
 * (the template's bindings) and editable, then sent; the message log shows whether Zalo took it.
 */
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useEffect, useState } from 'react';
import type { OaRecord } from '@contract/messaging';
import { uuidv7 } from '@contract/uuid';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { errorText, previewTemplate, sendMessage, useRefreshMessaging, useTemplates } from '@/features/messaging/api/messaging-api';
import { templateParamLabel, templateParamTitle } from '@/features/messaging/model/template-labels';

type Props = { companyId: number; oa: OaRecord; phone: string; customer: string | null; template?: number; onClose: () => void };

export function ZnsDialog({ companyId, oa, phone: initialPhone, customer, template: initialTemplate, onClose }: Props) {
  const templates = useTemplates(companyId, oa.id);
  const refresh = useRefreshMessaging(companyId);
  const enabled = (templates.data ?? []).filter((one) => one.status === 'enabled');
  const [templateId, setTemplateId] = useState<number | null>(initialTemplate ?? null);
  const [phone, setPhone] = useState(initialPhone);
  const [data, setData] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [id] = useState(uuidv7);
  const template = enabled.find((one) => one.id === templateId) ?? null;

  useEffect(() => {
    if (!template) return;
    let live = true;
    const fill = customer ? previewTemplate(companyId, template.id, customer).then((preview) => preview.data) : Promise.resolve({});
    void fill.then(
      (filled) => live && setData(filled),
      () => live && setData({}),
    );
    return () => {
      live = false;
    };
  }, [companyId, customer, template]);

  async function send() {
    setBusy(true);
    setProblem(null);
    try {
      const { text } = await sendMessage({
        kind: 'zns',
        id,
        company: companyId,
        oa: oa.id,
        template: templateId,
        phone,
        template_data: data,
        customer: customer ?? undefined,
      });
      toast.success(text);
      await refresh();
      onClose();
    } catch (error) {
      setProblem(errorText(error, 'Không gửi được tin ZNS'));
      setBusy(false);
    }
  }

  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title="Gửi tin ZNS">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Tin ZNS gửi tới số điện thoại theo mẫu đã được Zalo duyệt, kể cả khi khách chưa nhắn tin cho OA. Zalo tính phí mỗi tin gửi thành
          công.
        </Text>
        <Select
          label="Mẫu ZNS"
          placeholder="Chọn mẫu đã duyệt"
          data={enabled.map((one) => ({ value: String(one.id), label: one.name }))}
          value={templateId ? String(templateId) : null}
          onChange={(value) => setTemplateId(value ? Number(value) : null)}
          data-testid="zalo-zns-template"
        />
        <TextInput
          label="Số điện thoại"
          required
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          inputMode="tel"
          data-testid="zalo-zns-phone"
        />
        {template?.params.map((param) => (
          <TextInput
            key={param.name}
            label={templateParamTitle(param)}
            description={templateParamLabel(param) ? param.name : undefined}
            required={param.require}
            maxLength={param.max_length ?? undefined}
            placeholder={template.sample_data[param.name]}
            value={data[param.name] ?? ''}
            onChange={(event) => setData({ ...data, [param.name]: event.currentTarget.value })}
          />
        ))}
        <ProblemLine problem={problem} testId="zalo-zns-problem" />
        <DialogActions
          onCancel={onClose}
          label="Gửi ZNS"
          onConfirm={() => void send()}
          busy={busy}
          disabled={!template}
          testId="zalo-zns-send"
        />
      </Stack>
    </ResponsiveModal>
  );
}
