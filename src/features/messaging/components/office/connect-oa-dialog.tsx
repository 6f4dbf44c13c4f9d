/**
 * Connecting (or reconnecting) an OA: the Zalo app's id and secret, the OA secret key that signs
 * Zalo's webhook, and where to connect (Zalo, or the simulator to try it). Sending it answers Zalo's
 * consent page, where the OA's admin picks the OA and allows; Zalo brings the browser back to /zalo-oa.
 * A reconnect may leave the secrets blank to keep the stored ones.
 */
import { PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import { OA_ENVIRONMENT_LABELS, OA_ENVIRONMENTS, type OaEnvironment, type OaRecord } from '@contract/messaging';
import { DialogActions } from '@/ui/dialog-actions';
import { submitWith } from '@/ui/submit-with';
import { ProblemLine } from '@/ui/problem';
import { formProblem, startConnect, type FormProblem } from '@/features/messaging/api/messaging-api';

type Props = { companyId: number; oa: OaRecord | null; opened: boolean; onClose: () => void };

export function ConnectOaDialog({ companyId, oa, opened, onClose }: Props) {
  const [environment, setEnvironment] = useState<OaEnvironment>(oa?.environment ?? 'production');
  const [label, setLabel] = useState(oa?.label ?? '');
  const [appId, setAppId] = useState(oa?.app_id ?? '');
  const [appSecret, setAppSecret] = useState('');
  const [oaSecret, setOaSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function submit() {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await startConnect({
        company: companyId,
        oa: oa?.id,
        environment,
        label: label || null,
        app_id: appId.trim(),
        app_secret: appSecret,
        oa_secret_key: oaSecret,
      });
      window.location.assign(answer.authorize_url);
    } catch (error) {
      setProblem(formProblem(error, 'Không bắt đầu kết nối được'));
      setBusy(false);
    }
  }

  const keep = oa ? 'Để trống để giữ khóa đã lưu' : undefined;
  return (
    <ResponsiveModal
      phoneFullScreen={false}
      opened={opened}
      onClose={onClose}
      title={oa ? `Kết nối lại ${oa.name}` : 'Kết nối Zalo OA'}
      size="lg"
    >
      <form onSubmit={submitWith(submit)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Nhập thông tin ứng dụng tại developers.zalo.me (mục Official Account). Sau khi bấm “Tiếp tục”, bạn sẽ được chuyển tới Zalo để
            chọn OA và cho phép ứng dụng quản lý OA.
          </Text>
          <Select
            label="Kết nối tới"
            data={OA_ENVIRONMENTS.map((value) => ({ value, label: OA_ENVIRONMENT_LABELS[value] }))}
            value={environment}
            onChange={(value) => value && setEnvironment(value as OaEnvironment)}
            allowDeselect={false}
            data-testid="zalo-connect-environment"
          />
          <TextInput
            label="Tên hiển thị"
            placeholder="Mặc định: tên OA trên Zalo"
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            maxLength={100}
          />
          <TextInput
            label="App ID"
            required
            value={appId}
            onChange={(event) => setAppId(event.currentTarget.value)}
            error={problem?.fields.app_id}
            inputMode="numeric"
            data-testid="zalo-connect-app-id"
          />
          <PasswordInput
            label="Khóa bí mật ứng dụng (App Secret)"
            required={!oa}
            description={keep}
            value={appSecret}
            onChange={(event) => setAppSecret(event.currentTarget.value)}
            error={problem?.fields.app_secret}
            data-testid="zalo-connect-app-secret"
          />
          <PasswordInput
            label="Khóa bí mật OA (ký webhook)"
            description={keep ?? 'Dùng để kiểm tra sự kiện Zalo gửi về (tin nhắn, quan tâm)'}
            value={oaSecret}
            onChange={(event) => setOaSecret(event.currentTarget.value)}
            data-testid="zalo-connect-oa-secret"
          />
          <ProblemLine problem={problem?.text} testId="zalo-connect-problem" />
          <DialogActions onCancel={onClose} label="Tiếp tục" busy={busy} testId="zalo-connect-submit" />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
