/**
 * The buyer's details an invoice prints (NĐ 123/2020 art. 10: name, address, tax code when the
 * buyer has one) and the payment method, for issuing and replacing. The tax code is checked where
 * it is typed by the shared rule (contract/tax-code.ts: format and check digit); the server checks
 * it again and names a field it refuses (`fields`), shown on that input.
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type BuyerInput, type PaymentMethod } from '@contract/invoices';
import { taxCodeProblem } from '@contract/tax-code';

export type BuyerForm = { buyer: Required<{ [K in keyof BuyerInput]: string }>; payment_method: PaymentMethod };

export function buyerForm(buyer: {
  legal_name: string;
  name: string | null;
  tax_code: string | null;
  address: string;
  email: string | null;
  phone: string | null;
}): BuyerForm['buyer'] {
  return {
    legal_name: buyer.legal_name,
    name: buyer.name ?? '',
    tax_code: buyer.tax_code ?? '',
    address: buyer.address,
    email: buyer.email ?? '',
    phone: buyer.phone ?? '',
  };
}

/** What is sent: blanks as null. */
export function buyerInput(buyer: BuyerForm['buyer']): BuyerInput {
  const blank = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    legal_name: buyer.legal_name.trim(),
    name: blank(buyer.name),
    tax_code: blank(buyer.tax_code),
    address: buyer.address.trim(),
    email: blank(buyer.email),
    phone: blank(buyer.phone),
  };
}

/** The problem the form shows before sending, or null. */
export function buyerProblem(buyer: BuyerForm['buyer']): string | null {
  if (!buyer.legal_name.trim()) return 'Vui lòng nhập tên đơn vị mua hàng';
  if (!buyer.address.trim()) return 'Vui lòng nhập địa chỉ người mua';
  return buyer.tax_code.trim() ? taxCodeProblem(buyer.tax_code) : null;
}

export function BuyerFields({
  value,
  onChange,
  fields,
  withPaymentMethod = true,
}: {
  value: BuyerForm;
  onChange: (next: BuyerForm) => void;
  /** The server's refusals by field (`buyer.tax_code`…). */
  fields: Record<string, string>;
  /** The payment method too (an information-only adjustment corrects the buyer alone). */
  withPaymentMethod?: boolean;
}) {
  const set = (key: keyof BuyerForm['buyer']) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, buyer: { ...value.buyer, [key]: event.currentTarget.value } });
  const taxCode = value.buyer.tax_code.trim() ? taxCodeProblem(value.buyer.tax_code) : null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Tên đơn vị mua hàng"
        withAsterisk
        value={value.buyer.legal_name}
        onChange={set('legal_name')}
        maxLength={400}
        error={fields['buyer.legal_name']}
        data-testid="buyer-legal-name"
      />
      <TextInput
        label="Mã số thuế người mua"
        description="Để trống nếu người mua không có mã số thuế"
        value={value.buyer.tax_code}
        onChange={set('tax_code')}
        maxLength={20}
        error={taxCode ?? fields['buyer.tax_code']}
        data-testid="buyer-tax-code"
      />
      <TextInput label="Người mua hàng" value={value.buyer.name} onChange={set('name')} maxLength={200} error={fields['buyer.name']} />
      <TextInput
        label="Địa chỉ"
        withAsterisk
        value={value.buyer.address}
        onChange={set('address')}
        maxLength={400}
        error={fields['buyer.address']}
      />
      <TextInput
        label="Email nhận hóa đơn"
        type="email"
        value={value.buyer.email}
        onChange={set('email')}
        maxLength={120}
        error={fields['buyer.email']}
      />
      <TextInput label="Số điện thoại" value={value.buyer.phone} onChange={set('phone')} maxLength={11} error={fields['buyer.phone']} />
      {withPaymentMethod && (
        <Select
          label="Hình thức thanh toán"
          data={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
          value={value.payment_method}
          onChange={(method) => method && onChange({ ...value, payment_method: method as PaymentMethod })}
          allowDeselect={false}
          data-testid="invoice-payment-method"
        />
      )}
    </SimpleGrid>
  );
}
