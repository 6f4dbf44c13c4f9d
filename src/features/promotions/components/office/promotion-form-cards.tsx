/**
 * The cards of the programme form (promotion-form.tsx): what the programme is and when it runs, how
 * it combines with others, its budget, and the notice to the provincial trade department (Sở Công
 * Thương, NĐ 81/2018 Điều 17).
 */
import { Card, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import {
  CAP_KINDS,
  PROMOTION_KIND_HINTS,
  PROMOTION_KIND_LABELS,
  PROMOTION_KINDS,
  type CapKind,
  type PromotionKind,
} from '@contract/promotions';
import type { FieldErrors, PromotionFormValues } from '@/features/promotions/model/promotion-form';
import { DayField } from '@/ui/day-field';
import { NoteField } from '@/ui/note-field';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import type { SetPromotionValues } from './use-promotion-form';

type CardProps = { values: PromotionFormValues; errors: FieldErrors; set: SetPromotionValues };

const CAP_LABELS: Record<CapKind, string> = { money: 'Theo tiền', quantity: 'Theo số lượng' };

/** Name, kind with its hint, description, dates and the optional daily window. */
export function PromotionInfoCard({ values, errors, set, setKind }: CardProps & { setKind: (kind: PromotionKind) => void }) {
  const kindHint = PROMOTION_KIND_HINTS[values.kind];
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={5}>Thông tin chương trình</Title>
        <TextInput
          label="Tên chương trình"
          placeholder="VD: Mua 10 chai Prospan tặng 1 chai"
          withAsterisk
          value={values.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          maxLength={200}
          error={errors.name}
          data-testid="promotion-name"
        />
        <Select
          label="Loại chương trình"
          data={PROMOTION_KINDS.map((kind) => ({ value: kind, label: PROMOTION_KIND_LABELS[kind] }))}
          value={values.kind}
          onChange={(next) => {
            if (!next) return;
            setKind(next as PromotionKind);
          }}
          allowDeselect={false}
          description={kindHint}
          error={errors.kind}
          data-testid="promotion-kind"
        />
        <NoteField
          label="Mô tả"
          placeholder="Điều kiện, đối tượng áp dụng…"
          value={values.description}
          onChange={(text) => set({ description: text })}
          maxRows={5}
          maxLength={2000}
          error={errors.description}
          data-testid="promotion-description"
        />
        <SimpleGrid cols={2} spacing="sm">
          <DayField
            label="Ngày bắt đầu"
            withAsterisk
            value={values.starts_on}
            onChange={(starts_on) => set({ starts_on: starts_on ?? '' }, ['starts_on', 'ends_on'])}
            error={errors.starts_on}
            data-testid="promotion-starts-on"
          />
          <DayField
            label="Ngày kết thúc"
            withAsterisk
            value={values.ends_on}
            minDate={values.starts_on || undefined}
            onChange={(ends_on) => set({ ends_on: ends_on ?? '' })}
            error={errors.ends_on}
            data-testid="promotion-ends-on"
          />
        </SimpleGrid>
        <DailyHoursFields values={values} errors={errors} set={set} />
      </Stack>
    </Card>
  );
}

/** The switch for a daily window and, when on, its two times. */
function DailyHoursFields({ values, errors, set }: CardProps) {
  return (
    <>
      <Switch
        label="Chỉ áp dụng trong khung giờ mỗi ngày"
        checked={values.hours}
        onChange={(event) => set({ hours: event.currentTarget.checked }, ['hours_from', 'hours_to'])}
        data-testid="promotion-hours"
      />
      {values.hours && (
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Từ giờ"
            type="time"
            value={values.hours_from}
            onChange={(event) => set({ hours_from: event.currentTarget.value }, ['hours_from', 'hours_to'])}
            error={errors.hours_from}
            data-testid="promotion-hours-from"
          />
          <TextInput
            label="Đến giờ"
            type="time"
            value={values.hours_to}
            onChange={(event) => set({ hours_to: event.currentTarget.value }, ['hours_from', 'hours_to'])}
            error={errors.hours_to}
            data-testid="promotion-hours-to"
          />
        </SimpleGrid>
      )}
    </>
  );
}

/** Exclusivity and priority among programmes. */
export function PromotionCombineCard({ values, errors, set }: CardProps) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={5}>Kết hợp với chương trình khác</Title>
        <Switch
          label="Độc quyền: không cộng dồn với chương trình khác"
          description="Chỉ áp dụng cho sản phẩm chưa được chương trình nào khác ưu đãi, và sau đó không chương trình nào khác áp dụng thêm"
          checked={values.exclusive}
          onChange={(event) => set({ exclusive: event.currentTarget.checked })}
          data-testid="promotion-exclusive"
        />
        <StrictNumberInput
          label="Độ ưu tiên"
          description="Số lớn hơn được xét trước (0–1.000)"
          value={values.priority}
          onChange={(next) => set({ priority: next === '' ? '' : String(next) })}
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={1000}
          error={errors.priority}
          data-testid="promotion-priority"
        />
      </Stack>
    </Card>
  );
}

/** The budget, in money or in base units, in all and per customer. */
export function PromotionBudgetCard({ values, errors, set, isMobile }: CardProps & { isMobile: boolean }) {
  const capUnit = values.cap_kind === 'money' ? 'đồng' : 'đơn vị cơ bản';
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={5}>Ngân sách</Title>
        <SegmentedControl
          data={CAP_KINDS.map((kind) => ({ value: kind, label: CAP_LABELS[kind] }))}
          value={values.cap_kind}
          onChange={(next) => set({ cap_kind: next as CapKind }, ['cap_kind', 'cap_total', 'cap_per_customer'])}
          data-testid="promotion-cap-kind"
        />
        <Text size="xs" c="dimmed">
          {values.cap_kind === 'money'
            ? 'Tính bằng tiền: tiền giảm cộng giá niêm yết của hàng tặng. Để trống là không giới hạn.'
            : 'Tính bằng số đơn vị cơ bản được giảm giá hoặc được tặng. Để trống là không giới hạn.'}
        </Text>
        <SimpleGrid cols={isMobile ? 1 : 2} spacing="sm">
          <WholeAmountInput
            label={`Tổng ngân sách (${capUnit})`}
            value={values.cap_total}
            onChange={(cap_total) => set({ cap_total }, ['cap_total', 'cap_per_customer'])}
            placeholder="Không giới hạn"
            error={errors.cap_total}
            data-testid="promotion-cap-total"
          />
          <WholeAmountInput
            label={`Mỗi khách hàng (${capUnit})`}
            value={values.cap_per_customer}
            onChange={(cap_per_customer) => set({ cap_per_customer }, ['cap_per_customer'])}
            placeholder="Không giới hạn"
            error={errors.cap_per_customer}
            data-testid="promotion-cap-per-customer"
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Number and date of the notice sent to the provincial trade department. */
export function PromotionNoticeCard({ values, errors, set, isMobile }: CardProps & { isMobile: boolean }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={5}>Thông báo Sở Công Thương</Title>
        <Text size="xs" c="dimmed">
          Số và ngày văn bản thông báo thực hiện khuyến mại gửi Sở Công Thương (Nghị định 81/2018, Điều 17).
        </Text>
        <SimpleGrid cols={isMobile ? 1 : 2} spacing="sm">
          <TextInput
            label="Số thông báo"
            placeholder="VD: TB-KM 1123/SCT-QLTM"
            value={values.notice_ref}
            onChange={(event) => set({ notice_ref: event.currentTarget.value })}
            maxLength={100}
            error={errors.notice_ref}
            data-testid="promotion-notice-ref"
          />
          <DayField
            label="Ngày thông báo"
            value={values.notice_date}
            onChange={(notice_date) => set({ notice_date: notice_date ?? '' })}
            clearable
            error={errors.notice_date}
            data-testid="promotion-notice-date"
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
