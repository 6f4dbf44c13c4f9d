/**
 * The agreement with the buyer on the error (biên bản thỏa thuận, NĐ 70/2025): before a published
 * invoice is adjusted or replaced, a business buyer (a 10-digit tax code) signs one; a private buyer
 * is notified, the agreement optional. The day it was signed, who signed for the buyer, what was
 * wrong, and its scan (a PDF or a photo, uploaded on the new invoice once the server took it). The
 * replace and adjust dialogs share it and check it with the contract's agreementRefusal first.
 */
import { Alert, FileInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { agreementRefusal, INVOICE_CORRECTION_RULES, isBusinessBuyer } from '@contract/invoices-corrections';
import { vietnamDay } from '@contract/price-policy';
import { DayField } from '@/ui/day-field';
import type { AgreementInput } from '@/features/invoices/api/invoice-api';

export type AgreementForm = { signed_on: string | null; buyer_representative: string; error: string; scan: File | null };

export const EMPTY_AGREEMENT: AgreementForm = { signed_on: null, buyer_representative: '', error: '', scan: null };

/** The scan's kinds and size (the server checks them again). */
export const AGREEMENT_SCAN_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
export const MAX_AGREEMENT_SCAN_BYTES = 5 * 1024 * 1024;

const blank = (form: AgreementForm) => !form.signed_on && !form.buyer_representative.trim() && !form.error.trim() && !form.scan;

/** What is sent: null when nothing was filled in. */
export function agreementInput(form: AgreementForm): AgreementInput | null {
  if (blank(form)) return null;
  return { signed_on: form.signed_on ?? '', buyer_representative: form.buyer_representative.trim(), error: form.error.trim() };
}

/**
 * Why the agreement cannot go with a correction of an invoice issued on `issuedOn` for `buyer`, or
 * null: a business buyer's is required, one begun is filled in whole, the day is not in the future
 * nor before the invoice, the scan is a PDF or a photo of at most 5 MB.
 */
export function agreementProblem(
  buyer: { tax_code: string | null },
  form: AgreementForm,
  issuedOn: string | null,
  today: string = vietnamDay(),
): string | null {
  const input = agreementInput(form);
  if (input) {
    if (!input.signed_on) return 'Vui lòng nhập ngày ký biên bản thỏa thuận';
    if (!input.buyer_representative) return 'Vui lòng nhập người đại diện bên mua';
    if (!input.error) return 'Vui lòng nhập nội dung sai sót';
  }
  if (form.scan) {
    if (!AGREEMENT_SCAN_TYPES.includes(form.scan.type)) return 'Bản chụp biên bản phải là tệp PDF hoặc ảnh (JPEG, PNG, WebP)';
    if (form.scan.size > MAX_AGREEMENT_SCAN_BYTES) return `Tệp "${form.scan.name}" vượt quá 5 MB`;
  }
  return agreementRefusal(buyer, input, { issuedOn, today });
}

type Props = {
  /** The buyer the invoice was made for: whether the agreement is required. */
  buyer: { tax_code: string | null };
  value: AgreementForm;
  onChange: (next: AgreementForm) => void;
  /** The server's refusals by field (`agreement.signed_on`…). */
  fields?: Record<string, string>;
};

export function AgreementFields({ buyer, value, onChange, fields = {} }: Props) {
  const required = isBusinessBuyer(buyer);
  const set = <K extends keyof AgreementForm>(key: K, next: AgreementForm[K]) => onChange({ ...value, [key]: next });
  return (
    <Stack gap="xs" data-testid="agreement-fields">
      <Text size="sm" fw={600}>
        Biên bản thỏa thuận với người mua
      </Text>
      <Alert color={required ? 'orange' : 'blue'} variant="light" p="xs" data-testid="agreement-rule">
        {required
          ? 'Người mua là doanh nghiệp: bắt buộc lập biên bản thỏa thuận ghi rõ sai sót trước khi điều chỉnh hoặc thay thế.'
          : 'Người mua là cá nhân: thông báo cho người mua là đủ, biên bản thỏa thuận không bắt buộc.'}{' '}
        <Text span size="xs" c="dimmed">
          ({INVOICE_CORRECTION_RULES.agreementFirst.source})
        </Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DayField
          label="Ngày ký biên bản"
          withAsterisk={required}
          value={value.signed_on}
          onChange={(day) => set('signed_on', day)}
          maxDate={vietnamDay()}
          clearable
          error={fields['agreement.signed_on']}
          data-testid="agreement-signed-on"
        />
        <TextInput
          label="Người đại diện bên mua"
          withAsterisk={required}
          value={value.buyer_representative}
          onChange={(event) => set('buyer_representative', event.currentTarget.value)}
          maxLength={200}
          error={fields['agreement.buyer_representative']}
          data-testid="agreement-representative"
        />
      </SimpleGrid>
      <Textarea
        label="Nội dung sai sót"
        withAsterisk={required}
        autosize
        minRows={2}
        maxLength={500}
        value={value.error}
        onChange={(event) => set('error', event.currentTarget.value)}
        error={fields['agreement.error']}
        data-testid="agreement-error"
      />
      <FileInput
        label="Bản chụp biên bản (PDF hoặc ảnh, tối đa 5 MB)"
        placeholder="Chọn tệp"
        accept={AGREEMENT_SCAN_TYPES.join(',')}
        clearable
        clearButtonProps={{ 'aria-label': 'Bỏ tệp đã chọn' }}
        leftSection={<IconPaperclip size={16} />}
        value={value.scan}
        onChange={(file) => set('scan', file)}
        data-testid="agreement-scan"
      />
    </Stack>
  );
}
