/**
 * The expiry warnings of an import receipt (contract/warehouse-expiry.ts): each line whose lot is
 * already expired or expires within the company's short-dated threshold, with what completing the
 * receipt will do to it (quarantine, or sellable under the company's rule). The form shows them on
 * their line as they are typed, and completing asks first, naming them. The server decides again
 * when it posts. Also a medicine whose registration has expired (registrationWarning).
 */
import {
  DEFAULT_SHORT_DATED_DAYS,
  expiryWarning,
  receivedExpiry,
  receivedLotStatus,
  type ShortDatedRule,
} from '@contract/warehouse-expiry';
import { drugFactsOf, registrationFinding } from '@contract/pharma';
import type { LineVariant } from './receipt-form';

export type ExpiryRule = { short_dated_days: number; short_dated_rule: ShortDatedRule };

export const DEFAULT_EXPIRY_RULE: ExpiryRule = { short_dated_days: DEFAULT_SHORT_DATED_DAYS, short_dated_rule: 'usable' };

export type LineExpiry = {
  /** "Lô đã hết hạn", "Lô cận hạn: còn 45 ngày". */
  warning: string;
  /** What completing does: "Khi hoàn thành, lô sẽ vào biệt trữ, không được bán". */
  landing: string;
  quarantine: boolean;
  expired: boolean;
};

/** One line's warning: null when the lot is fine or has no expiry. */
export function lineExpiry(expiresOn: string | null, today: string, rule: ExpiryRule): LineExpiry | null {
  const expiry = receivedExpiry(expiresOn, today, rule.short_dated_days);
  const warning = expiryWarning(expiry);
  if (!expiry || !warning) return null;
  const quarantine = receivedLotStatus(expiry, rule.short_dated_rule) === 'quarantine';
  return {
    warning,
    landing: quarantine ? 'Khi hoàn thành, lô sẽ vào biệt trữ, không được bán' : 'Khi hoàn thành, lô vẫn được bán theo thiết lập kho',
    quarantine,
    expired: expiry.state === 'expired',
  };
}

type NamedLine = { name: string; lotNo: string; expiresOn: string | null };

/** The lines completing should ask about: "2. Panadol Extra lô A1: Lô đã hết hạn". */
export function expiryQuestions(lines: readonly NamedLine[], today: string, rule: ExpiryRule): string[] {
  return lines.flatMap((line, index) => {
    const found = lineExpiry(line.expiresOn, today, rule);
    if (!found) return [];
    const lot = line.lotNo.trim() ? ` lô ${line.lotNo.trim()}` : '';
    return [`${index + 1}. ${line.name}${lot}: ${found.warning} (${found.quarantine ? 'vào biệt trữ' : 'vẫn được bán'})`];
  });
}

/**
 * A received medicine whose registration (số đăng ký lưu hành) has expired: "Số đăng ký VD-1-20 hết
 * hạn ngày 01/02/2026", shown on its line. Receiving is not refused (the server takes it and warns
 * too, server/modules/warehouse/receipt-registration.ts); selling it is the company's rule.
 */
export function registrationWarning(variant: LineVariant, today: string): string | null {
  const registration = variant.registration;
  if (!registration) return null;
  return registrationFinding(
    drugFactsOf({ is_medicine: true, registration_number: registration.number, registration_expiry: registration.expiry }),
    today,
  );
}
