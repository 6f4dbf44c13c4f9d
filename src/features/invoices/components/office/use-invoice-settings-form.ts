/**
 * The state of the meInvoice settings form (invoice-settings-page.tsx): the values typed, the
 * checks shown on the inputs before saving (tax code, series), and the save, which sends what was
 * typed (a blank password keeps the stored one) and puts the server's refusals on the inputs they
 * name.
 */
import { useState } from 'react';
import { INVOICE_ENVIRONMENTS, SERIES_PATTERN, type InvoiceEnvironment, type InvoiceSettingsInput } from '@contract/invoices';
import { taxCodeProblem } from '@contract/tax-code';
import { ApiError, apiErrorMessage } from '@/api/api-error';
import { toast } from '@/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { invoiceKeys, saveInvoiceSettings, type InvoiceSettingsAnswer } from '@/features/invoices/api/invoice-api';

export type InvoiceSettingsForm = Omit<Required<{ [K in keyof InvoiceSettingsInput]: string }>, 'company' | 'send_email'> & {
  send_email: boolean;
};

function initialForm(answer: InvoiceSettingsAnswer): InvoiceSettingsForm {
  const s = answer.settings;
  const year = String(new Date().getFullYear() % 100).padStart(2, '0');
  return {
    environment: s?.environment ?? (answer.simulator_available ? 'simulator' : 'sandbox'),
    app_id: s?.app_id ?? '',
    tax_code: s?.tax_code ?? answer.defaults.tax_code,
    username: s?.username ?? '',
    password: '',
    template_no: s?.template_no ?? '1',
    series: s?.series ?? `C${year}TAA`,
    seller_legal_name: s?.seller_legal_name ?? answer.defaults.seller_legal_name,
    seller_address: s?.seller_address ?? answer.defaults.seller_address,
    seller_phone: s?.seller_phone ?? answer.defaults.seller_phone ?? '',
    seller_email: s?.seller_email ?? '',
    seller_bank_account: s?.seller_bank_account ?? '',
    seller_bank_name: s?.seller_bank_name ?? '',
    send_email: s?.send_email ?? false,
  };
}

export function useInvoiceSettingsForm(companyId: number, answer: InvoiceSettingsAnswer) {
  const client = useQueryClient();
  const [form, setForm] = useState<InvoiceSettingsForm>(() => initialForm(answer));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const current = answer.settings;
  const set = (key: keyof InvoiceSettingsForm) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: event.currentTarget.value });
  const environments = INVOICE_ENVIRONMENTS.filter(
    (env) => env !== 'simulator' || answer.simulator_available || current?.environment === 'simulator',
  );
  const taxCode = form.tax_code.trim() ? taxCodeProblem(form.tax_code) : null;
  const series = form.series.trim() && !SERIES_PATTERN.test(form.series.trim().toUpperCase()) ? 'Ký hiệu gồm 6 ký tự, ví dụ C26TAA' : null;

  const save = async () => {
    setProblem(null);
    setFields({});
    if (taxCode || series) return setProblem(taxCode ?? series);
    setBusy(true);
    try {
      const blank = (value: string) => (value.trim() === '' ? null : value.trim());
      const message = await saveInvoiceSettings({
        company: companyId,
        environment: form.environment as InvoiceEnvironment,
        app_id: form.app_id,
        tax_code: form.tax_code,
        username: form.username,
        password: blank(form.password),
        template_no: form.template_no,
        series: form.series,
        seller_legal_name: form.seller_legal_name,
        seller_address: form.seller_address,
        seller_phone: blank(form.seller_phone),
        seller_email: blank(form.seller_email),
        seller_bank_account: blank(form.seller_bank_account),
        seller_bank_name: blank(form.seller_bank_name),
        send_email: form.send_email,
      });
      toast.success(message);
      await client.invalidateQueries({ queryKey: invoiceKeys.all(companyId) });
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không lưu được cấu hình hóa đơn'));
      setFields(error instanceof ApiError ? error.fields : {});
    } finally {
      setBusy(false);
    }
  };

  return { form, setForm, set, busy, problem, fields, environments, taxCode, series, save };
}
