/**
 * The pending package order's payment (docs/plans.md "A company on a package") as the owner sees it: the bank, account
 * number, holder, exact amount and transfer content with copy buttons and the VietQR; a demo account
 * says it is one; without a configured account no account and no code, the server's reason instead.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { PackagePayment } from '@contract/plans';
import { PackagePaymentCard } from './package-payment';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

const PAYMENT: PackagePayment = {
  order_code: 'DV000007',
  amount: 2_427_300,
  reference: 'DV000007',
  account: { bank_bin: '970422', bank_name: 'MB Bank', account_number: '1234567890', account_name: 'CONG TY NEN TANG', is_demo: false },
  problem: null,
};

describe('PackagePaymentCard', () => {
  it('shows where to transfer, how much and with what content, each to copy, and the VietQR', () => {
    render(<PackagePaymentCard payment={PAYMENT} />, { wrapper });
    const details = screen.getByTestId('payment-details').textContent ?? '';
    for (const text of ['MB Bank', '1234567890', 'CONG TY NEN TANG', 'DV000007']) expect(details).toContain(text);
    expect(screen.getByTestId('payment-amount').textContent?.replace(/\s/g, ' ')).toBe('2.427.300 ₫');
    expect(screen.getByLabelText('Sao chép số tài khoản 1234567890')).toBeTruthy();
    expect(screen.getByLabelText('Sao chép số tiền')).toBeTruthy();
    expect(screen.getByLabelText('Sao chép nội dung chuyển khoản DV000007')).toBeTruthy();
    const qr = screen.getByTestId('payment-qr');
    expect(qr.getAttribute('alt')).toBe('Mã VietQR chuyển khoản MB Bank 1234567890');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.queryByTestId('payment-demo-account')).toBeNull();
  });

  it('says a demo account is one', () => {
    render(<PackagePaymentCard payment={{ ...PAYMENT, account: { ...PAYMENT.account!, is_demo: true } }} />, { wrapper });
    expect(screen.getByTestId('payment-demo-account').textContent).toContain('tài khoản minh họa của bản demo');
  });

  it('shows no account and no code when the server has none, with its reason', () => {
    render(<PackagePaymentCard payment={{ ...PAYMENT, account: null, problem: 'Hệ thống chưa cấu hình tài khoản nhận thanh toán.' }} />, {
      wrapper,
    });
    expect(screen.getByTestId('payment-account-missing').textContent).toBe('Hệ thống chưa cấu hình tài khoản nhận thanh toán.');
    expect(screen.queryByTestId('payment-qr')).toBeNull();
    expect(screen.getByTestId('payment-details').textContent).not.toContain('Số tài khoản');
    expect(screen.getByTestId('payment-reference').textContent).toBe('DV000007');
  });
});
