/** The filters over the payments (payments-tab.tsx): search, state, method, days. */
import { Group, Select } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_STATE_LABELS, PAYMENT_STATES } from '@contract/receivables';
import { FilterDateRange } from '@/ui/filter-date-range';
import { SearchInput } from '@/ui/search-input';

export type PaymentFilter = { search?: string; state?: string; method?: string; date_from?: string; date_to?: string };

type Props = { filter: PaymentFilter; set: (patch: Partial<PaymentFilter>) => void; isMobile: boolean };

export function PaymentFilters({ filter, set, isMobile }: Props) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        value={filter.search}
        onSearch={(search) => set({ search: search || undefined })}
        label="Tìm phiếu thu"
        placeholder="Số phiếu, khách hàng, mã giao dịch"
      />
      <Select
        aria-label="Trạng thái"
        placeholder="Mọi trạng thái"
        data={PAYMENT_STATES.map((value) => ({ value, label: PAYMENT_STATE_LABELS[value] }))}
        value={filter.state ?? null}
        onChange={(state) => set({ state: state ?? undefined })}
        clearable
        w={170}
        data-testid="payments-state"
      />
      <Select
        aria-label="Hình thức"
        placeholder="Mọi hình thức"
        data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
        value={filter.method ?? null}
        onChange={(method) => set({ method: method ?? undefined })}
        clearable
        w={170}
      />
      <FilterDateRange
        value={[filter.date_from, filter.date_to]}
        onChange={([date_from, date_to]) => set({ date_from, date_to })}
        isMobile={isMobile}
      />
    </Group>
  );
}
