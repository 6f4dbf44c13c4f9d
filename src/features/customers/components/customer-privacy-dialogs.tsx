/**
 * The dialogs of "Dữ liệu cá nhân" (customer-privacy-card.tsx): recording consent with how it was
 * given, withdrawing it, and erasing the personal data once the customer's code is typed. Each
 * keeps the server's refusal inside the dialog (useDialogWrite).
 */
import { Alert, List, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { CustomerRecord } from '@contract/customers';
import {
  CONSENT_METHOD_LABELS,
  CONSENT_METHODS,
  CONSENT_NOTICE,
  ERASED_FIELDS,
  PERSONAL_DATA_RULES,
  type ConsentMethod,
} from '@contract/customers-privacy';
import { vietnamDay } from '@contract/price-policy';
import { DayField } from '@/ui/day-field';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useDialogWrite } from '@/ui/use-dialog-write';
import type { PrivacyRequest } from '../api/customer-privacy';

type Write<I> = (input: I) => Promise<string | undefined>;

function Problem({ text }: { text: string | null }) {
  return text ? (
    <Alert color="red" variant="light" p="xs" role="alert">
      {text}
    </Alert>
  ) : null;
}

export function ConsentModal({
  write,
  onClose,
}: {
  write: (method: ConsentMethod, note: string | null) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<ConsentMethod | null>(null);
  const [note, setNote] = useState('');
  const work = useDialogWrite<ConsentMethod>((chosen) => write(chosen, note.trim() || null), 'Không ghi nhận được sự đồng ý', onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!method) work.setProblem('Chọn cách chủ cửa hàng đồng ý');
    else void work.run(method);
  };
  return (
    <ResponsiveModal opened onClose={onClose} title="Ghi nhận sự đồng ý">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{CONSENT_NOTICE.text}</Text>
          <Radio.Group label="Cách chủ cửa hàng đồng ý" value={method} onChange={(value) => setMethod(value as ConsentMethod)} withAsterisk>
            <Stack gap={6} mt={4}>
              {CONSENT_METHODS.map((option) => (
                <Radio key={option} value={option} label={CONSENT_METHOD_LABELS[option]} />
              ))}
            </Stack>
          </Radio.Group>
          <NoteField label="Ghi chú" value={note} onChange={setNote} maxLength={500} />
          <Problem text={work.problem} />
          <DialogActions onCancel={onClose} label="Ghi nhận" busy={work.busy} testId="privacy-consent-save" />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}

/** The day the request was received (today unless said) and a note: shared by withdrawal and erasure. */
function RequestFields({ value, onChange }: { value: PrivacyRequest; onChange: (value: PrivacyRequest) => void }) {
  return (
    <>
      <DayField
        label="Ngày nhận yêu cầu"
        value={value.received_on}
        onChange={(day) => onChange({ ...value, received_on: day })}
        maxDate={vietnamDay()}
      />
      <NoteField
        label="Ghi chú"
        placeholder="Ai yêu cầu, qua kênh nào"
        value={value.note ?? ''}
        onChange={(note) => onChange({ ...value, note: note || null })}
        maxLength={500}
      />
    </>
  );
}

export function WithdrawModal({ write, onClose }: { write: Write<PrivacyRequest>; onClose: () => void }) {
  const [request, setRequest] = useState<PrivacyRequest>({ received_on: vietnamDay(), note: null });
  const work = useDialogWrite(write, 'Không rút lại được sự đồng ý', onClose);
  return (
    <ResponsiveModal opened onClose={onClose} title="Rút lại sự đồng ý">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void work.run(request);
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            Từ nay công ty không dùng thông tin cá nhân của chủ cửa hàng để chăm sóc khách hàng; liên kết Zalo của khách hàng sẽ được gỡ.
            Đơn hàng và công nợ vẫn được xử lý theo hợp đồng mua bán.
          </Text>
          <RequestFields value={request} onChange={setRequest} />
          <Problem text={work.problem} />
          <DialogActions onCancel={onClose} label="Rút lại đồng ý" busy={work.busy} testId="privacy-withdraw-save" />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}

export function EraseModal({
  customer,
  write,
  onClose,
}: {
  customer: CustomerRecord;
  write: Write<PrivacyRequest & { confirm_code: string }>;
  onClose: () => void;
}) {
  const [request, setRequest] = useState<PrivacyRequest>({ received_on: vietnamDay(), note: null });
  const [code, setCode] = useState('');
  const work = useDialogWrite(write, 'Không xóa được dữ liệu cá nhân', onClose);
  const matches = code.trim() === customer.code;
  return (
    <ResponsiveModal opened onClose={onClose} title="Xóa dữ liệu cá nhân">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) void work.run({ ...request, confirm_code: code.trim() });
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">Sẽ xóa khỏi khách hàng {customer.name}:</Text>
          <List size="sm">
            {ERASED_FIELDS.map((field) => (
              <List.Item key={field}>{field}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {PERSONAL_DATA_RULES.keepAccountingRecords.rule}. Khách hàng chuyển sang “Ngừng hoạt động”; không thể hoàn tác.
          </Text>
          <RequestFields value={request} onChange={setRequest} />
          <TextInput
            label={`Nhập mã khách hàng ${customer.code} để xác nhận`}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="off"
            data-testid="privacy-erase-code"
          />
          <Problem text={work.problem} />
          <DialogActions
            onCancel={onClose}
            label="Xóa dữ liệu"
            color="red"
            busy={work.busy}
            disabled={!matches}
            testId="privacy-erase-save"
          />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
