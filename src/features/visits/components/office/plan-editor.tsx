/**
 * Building a route plan in the office: the rep, the plan's name and the day it takes effect, then
 * its customers picked by search (src/ui/customer-picker.tsx) and set one by one (./plan-stops.tsx).
 * Saving sends it for approval again (server/modules/visits/plans.routes.ts); the server's refusal
 * stays in the dialog. The rep of a saved plan does not change: the list copies it to another.
 */
import { Divider, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { stopProblem, type RoutePlanRecord } from '@contract/visits-plans';
import { vietnamDay } from '@contract/price-policy';
import { CustomerPicker } from '@/ui/customer-picker';
import { DayField } from '@/ui/day-field';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useSelectSearch } from '@/ui/searched-select';
import { useDialogWrite } from '@/ui/use-dialog-write';
import { useCustomerSearch, type PlanWrites, type RepOption } from '@/features/visits/api/plans-api';
import { PlanStops, type EditedStop } from './plan-stops';

type Props = {
  companyId: number;
  /** The plan being changed, or null for a new one (for `accountId`'s rep when the list is filtered). */
  plan: RoutePlanRecord | null;
  accountId: number | null;
  reps: RepOption[];
  writes: PlanWrites;
  onClose: () => void;
};

type Draft = { accountId: string | null; name: string; effectiveFrom: string | null; stops: EditedStop[] };

function draftOf(plan: RoutePlanRecord | null, accountId: number | null): Draft {
  if (!plan) return { accountId: accountId === null ? null : String(accountId), name: '', effectiveFrom: vietnamDay(), stops: [] };
  return { accountId: String(plan.account_id), name: plan.name, effectiveFrom: plan.effective_from, stops: plan.stops };
}

/** What must be set before the plan is sent, in the order the form shows it; null when nothing. */
function draftProblem(draft: Draft): string | null {
  if (!draft.accountId) return 'Vui lòng chọn nhân viên';
  if (!draft.name.trim()) return 'Vui lòng nhập tên tuyến';
  if (!draft.effectiveFrom) return 'Vui lòng chọn ngày áp dụng';
  const wrong = draft.stops.filter((stop) => stopProblem(stop));
  if (wrong.length)
    return `Còn ${wrong.length} khách hàng chưa chọn đúng ngày theo tần suất: ${wrong.map((stop) => stop.customer_name).join(', ')}`;
  return null;
}

export function PlanEditor({ companyId, plan, accountId, reps, writes, onClose }: Props) {
  const [draft, setDraft] = useState(() => draftOf(plan, accountId));
  const typed = useSelectSearch();
  const found = useCustomerSearch(companyId, typed.debounced);
  const save = useDialogWrite(
    (input: Draft) =>
      writes.save(plan?.id ?? null, {
        company: companyId,
        account_id: Number(input.accountId),
        name: input.name.trim(),
        effective_from: input.effectiveFrom!,
        stops: input.stops.map(({ customer_id, frequency, weekdays, weeks }) => ({ customer_id, frequency, weekdays, weeks })),
      }),
    'Không lưu được tuyến',
    onClose,
  );
  const taken = new Set(draft.stops.map((stop) => stop.customer_id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = draftProblem(draft);
    if (problem) save.setProblem(problem);
    else void save.run(draft);
  };
  const set = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  return (
    <ResponsiveModal opened onClose={save.busy ? () => undefined : onClose} size="xl" title={plan ? `Sửa tuyến ${plan.name}` : 'Tạo tuyến'}>
      <form onSubmit={submit} noValidate data-testid="plan-editor">
        <Stack gap="sm">
          <Select
            label="Nhân viên"
            withAsterisk
            searchable
            data={reps}
            value={draft.accountId}
            onChange={(value) => set({ accountId: value })}
            disabled={plan !== null}
            description={plan ? 'Muốn giao tuyến cho nhân viên khác, hãy dùng "Sao chép" ở danh sách.' : undefined}
            nothingFoundMessage="Không tìm thấy nhân viên"
            data-testid="plan-rep"
          />
          <TextInput
            label="Tên tuyến"
            withAsterisk
            maxLength={100}
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            placeholder="VD: Tuyến Quận 1 – thứ Hai"
            data-testid="plan-name"
          />
          <DayField
            label="Ngày áp dụng"
            withAsterisk
            value={draft.effectiveFrom}
            onChange={(day) => set({ effectiveFrom: day })}
            data-testid="plan-from"
          />
          <Divider label={`Khách hàng trong tuyến (${draft.stops.length})`} labelPosition="left" />
          <CustomerPicker
            search={typed}
            customers={found.data?.filter((customer) => !taken.has(customer.id))}
            onPick={(customer) => {
              if (taken.has(customer.id)) return;
              set({
                stops: [
                  ...draft.stops,
                  {
                    customer_id: customer.id,
                    customer_name: customer.name,
                    customer_code: customer.code,
                    frequency: 'F4',
                    weekdays: [1],
                    weeks: [],
                  },
                ],
              });
            }}
            refuseInactive
            maxHeight={200}
            empty={{ blank: 'Chưa có khách hàng nào.', searched: 'Không tìm thấy khách hàng nào.' }}
            testIds={{ search: 'plan-customer-search', results: 'plan-customer-results' }}
          />
          <Text size="xs" c="dimmed">
            Kéo thả các dòng (hoặc dùng nút Lên / Xuống) để sắp thứ tự ghé thăm trong ngày.
          </Text>
          <PlanStops stops={draft.stops} onChange={(stops) => set({ stops })} />
          <ProblemAlert problem={save.problem} testId="plan-editor-problem" />
          <DialogActions onCancel={onClose} cancelLabel="Hủy" label="Lưu tuyến" busy={save.busy} testId="plan-save" />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
