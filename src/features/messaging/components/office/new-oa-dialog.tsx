/** submit-new-oa: a request to register a new OA for the company, and the requests sent before. */
import { Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import { OA_SECTORS } from '@contract/messaging';
import { formatDateTime } from '@/lib/dates';
import { DialogActions } from '@/ui/dialog-actions';
import { submitWith } from '@/ui/submit-with';
import { ProblemLine } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { formProblem, submitNewOa, useNewOaRequests, useRefreshMessaging, type FormProblem } from '@/features/messaging/api/messaging-api';

type Props = { companyId: number; opened: boolean; onClose: () => void };

export function NewOaDialog({ companyId, opened, onClose }: Props) {
  const requests = useNewOaRequests(companyId);
  const refresh = useRefreshMessaging(companyId);
  const [form, setForm] = useState({ name: '', sector: OA_SECTORS[0] as string, phone: '', email: '', address: '', note: '' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => setForm({ ...form, [name]: event.currentTarget.value }),
    error: problem?.fields[name],
  });

  async function submit() {
    setBusy(true);
    setProblem(null);
    try {
      toast.success(await submitNewOa({ company: companyId, ...form }));
      setForm({ ...form, name: '', note: '' });
      await refresh();
      onClose();
    } catch (error) {
      setProblem(formProblem(error, 'Không gửi được yêu cầu'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ResponsiveModal phoneFullScreen={false} opened={opened} onClose={onClose} title="Đăng ký OA mới" size="lg">
      <form onSubmit={submitWith(submit)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Chưa có Official Account? Gửi yêu cầu, bộ phận hỗ trợ sẽ cùng bạn đăng ký OA với Zalo (xét duyệt 1–3 ngày làm việc).
          </Text>
          <TextInput label="Tên OA" required maxLength={100} {...field('name')} data-testid="zalo-new-oa-name" />
          <Select
            label="Lĩnh vực"
            data={[...OA_SECTORS]}
            value={form.sector}
            onChange={(value) => value && setForm({ ...form, sector: value })}
            allowDeselect={false}
          />
          <TextInput label="Số điện thoại liên hệ" required {...field('phone')} inputMode="tel" data-testid="zalo-new-oa-phone" />
          <TextInput label="Email" {...field('email')} />
          <TextInput label="Địa chỉ" {...field('address')} />
          <Textarea label="Ghi chú" autosize minRows={2} maxLength={1000} {...field('note')} />
          <ProblemLine problem={problem?.text} />
          <DialogActions onCancel={onClose} label="Gửi yêu cầu" busy={busy} testId="zalo-new-oa-submit" />
          {(requests.data?.length ?? 0) > 0 && (
            <Table.ScrollContainer minWidth={420}>
              <Table fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Yêu cầu đã gửi</Table.Th>
                    <Table.Th>Người gửi</Table.Th>
                    <Table.Th>Thời gian</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {requests.data!.map((request) => (
                    <Table.Tr key={request.id}>
                      <Table.Td>{request.name}</Table.Td>
                      <Table.Td>{request.created_by ?? '—'}</Table.Td>
                      <Table.Td>{formatDateTime(request.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
