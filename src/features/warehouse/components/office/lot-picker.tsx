/**
 * The lot an export or a transfer line takes (GET shipments/?variant=…): left empty, the posting
 * takes lots first-expiry-first-out; a lot chosen by hand shows its expiry, status and quantity on
 * hand. Lots that cannot be sold (recalled, in quarantine, expired) are marked: the server refuses
 * them for sales, a warehouse may still move them (to return or destroy).
 */
import { Select } from '@mantine/core';
import { vietnamDay } from '@contract/price-policy';
import { lotProblem } from '@contract/warehouse-ledger';
import { LOT_STATUS_LABELS } from '@contract/warehouse-status';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useVariantLots } from '@/features/warehouse/api/stock-api';

type Props = {
  companyId: number;
  variantId: number;
  baseUnit: string;
  value: number | null;
  onChange: (lotId: number | null) => void;
  error?: string;
};

export function LotPicker({ companyId, variantId, baseUnit, value, onChange, error }: Props) {
  const lots = useVariantLots(companyId, variantId);
  const today = vietnamDay();
  const data = (lots.data?.rows ?? []).map((lot) => {
    const problem = lotProblem({ lotNo: lot.lot_no, expiresOn: lot.expires_on, status: lot.status }, today);
    const parts = [
      `Lô ${lot.lot_no}`,
      lot.expires_on ? `HD ${formatDate(lot.expires_on)}` : null,
      `${formatNumber(lot.quantity)} ${baseUnit || lot.base_unit}`,
      lot.status !== 'usable' ? LOT_STATUS_LABELS[lot.status] : problem ? 'Hết hạn' : null,
    ];
    return { value: String(lot.id), label: parts.filter(Boolean).join(' · ') };
  });
  return (
    <Select
      label="Lô xuất"
      placeholder="Tự chọn theo hạn dùng (FEFO)"
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      clearable
      searchable
      nothingFoundMessage={lots.isPending ? 'Đang tải…' : 'Không có lô nào'}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="line-lot-picker"
    />
  );
}
