/**
 * What the drug master says at a glance (docs/pharma.md "The drug master"): a red "Số đăng ký đã hết hạn" badge (the drug
 * may not be sold or received without a warning), a yellow one while it runs out within
 * REGISTRATION_NOTICE_DAYS, with the day in its tooltip.
 */
import { Badge } from '@mantine/core';
import { vietnamDay } from '@contract/price-policy';
import { registrationState } from '@contract/products-drugs';
import { formatDate } from '@/lib/dates';

type Drug = { is_medicine: boolean; registration_expiry?: string | null };

export function RegistrationBadge({ drug, today = vietnamDay() }: { drug: Drug; today?: string }) {
  const state = drug.is_medicine ? registrationState(drug.registration_expiry, today) : null;
  if (!state) return null;
  const day = formatDate(drug.registration_expiry);
  return state === 'expired' ? (
    <Badge color="red" variant="filled" size="xs" tt="none" title={`Hết hạn ngày ${day}`} data-testid="registration-expired">
      Số đăng ký đã hết hạn
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" size="xs" tt="none" title={`Hết hạn ngày ${day}`} data-testid="registration-expiring">
      Số đăng ký sắp hết hạn
    </Badge>
  );
}
