/**
 * Writing a programme (/promotion/create, and ?id= to edit one still waiting for approval or
 * refused): name, description, kind with its hint, dates and an optional daily window, how it
 * combines with others, the tiers, which goods and customers, the budget, and the notice to the
 * provincial trade department (Sở Công Thương, NĐ 81/2018 Điều 17). The contract's checks run
 * before anything is sent (promotion-form.ts), the server's refusals land on the inputs they name;
 * a saved programme waits for approval (an edit sends it back).
 */
import { Alert, Card, Grid, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  CAP_KINDS,
  PROMOTION_KIND_HINTS,
  PROMOTION_KIND_LABELS,
  PROMOTION_KINDS,
  type CapKind,
  type PromotionKind,
  type PromotionRecord,
} from '@contract/promotions';
import { ApiError } from '@/api/api-error';
import { useCan } from '@/session/access';
import { toast } from '@/ui/toast';
import { useLeaveGuard } from '@/ui/use-leave-guard';
import { usePromotionWrites } from '@/features/promotions/api/promotion-api';
import {
  changeKind,
  checkPromotionForm,
  firstError,
  samePromotionForm,
  serverErrors,
  withoutErrors,
  addVariants,
  type FieldErrors,
  type PromotionFormValues,
} from '@/features/promotions/model/promotion-form';
import { DayField } from '@/ui/day-field';
import { NoteField } from '@/ui/note-field';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { ScopeFields } from './scope-fields';
import { TierEditor } from './tier-editor';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { WholeAmountInput } from '@/ui/whole-amount-input';

type Props = {
  companyId: number;
  initial: PromotionFormValues;
  /** The programme being edited; null when creating. */
  record: PromotionRecord | null;
  isMobile: boolean;
  onSaved: (record: PromotionRecord) => void;
  onCancel: () => void;
};

export const LEAVE_FORM = 'Chương trình chưa được lưu. Bạn có chắc muốn rời trang?';

const CAP_LABELS: Record<CapKind, string> = { money: 'Theo tiền', quantity: 'Theo số lượng' };

export function PromotionForm({ companyId, initial, record, isMobile, onSaved, onCancel }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const writes = usePromotionWrites(companyId);
  const canImport = useCan('promotions', 'create');
  const dirty = !samePromotionForm(values, initial);
  const guard = useLeaveGuard(dirty, LEAVE_FORM);

  const set = (patch: Partial<PromotionFormValues>, touched: string[] = Object.keys(patch)) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrors(current, ...touched, '_form'));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const checked = checkPromotionForm(companyId, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(firstError(checked.errors));
      return;
    }
    setSaving(true);
    try {
      const answer = await writes.save(record?.id ?? null, checked.input);
      toast.success(answer.message ?? 'Đã lưu chương trình');
      guard.release();
      onSaved(answer.data);
    } catch (error) {
      if (error instanceof ApiError && !error.isNetwork) {
        const placed = serverErrors(error.message, error.fields);
        setErrors(placed);
        toast.error(error.message);
      } else {
        toast.error(
          error instanceof ApiError
            ? 'Cần kết nối mạng để lưu chương trình khuyến mại. Vui lòng thử lại khi có mạng.'
            : 'Không lưu được chương trình. Vui lòng thử lại.',
        );
      }
    } finally {
      setSaving(false);
    }
  }

  const kindHint = PROMOTION_KIND_HINTS[values.kind];
  const capUnit = values.cap_kind === 'money' ? 'đồng' : 'đơn vị cơ bản';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="promotion-form">
      <Stack gap="md" maw={1200}>
        {record && (
          <Alert color="blue" variant="light" data-testid="promotion-form-resubmit">
            Sửa chương trình {record.code}: sau khi lưu, chương trình quay lại trạng thái Chờ xét duyệt.
          </Alert>
        )}
        <ProblemAlert problem={errors._form} testId="promotion-form-error" />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
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
                    setValues((current) => changeKind(current, next as PromotionKind));
                    setErrors((current) => withoutErrors(current, 'kind', 'tiers', '_form'));
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
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
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
                    description="Số lớn hơn được xét trước (0–1000)"
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
            </Stack>
          </Grid.Col>
          <Grid.Col span={12}>
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Title order={5}>Mức ưu đãi</Title>
                <TierEditor
                  companyId={companyId}
                  kind={values.kind}
                  tiers={values.tiers}
                  errors={errors}
                  onChange={(tiers, touched) => set({ tiers }, touched)}
                  isMobile={isMobile}
                />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={12}>
            <Stack gap="md">
              <ScopeFields
                companyId={companyId}
                values={values}
                errors={errors}
                set={set}
                addVariants={(ids) => {
                  setValues((current) => addVariants(current, ids));
                  setErrors((current) => withoutErrors(current, 'variant_ids'));
                }}
                canImport={canImport}
                isMobile={isMobile}
              />
            </Stack>
          </Grid.Col>
        </Grid>
        <DialogActions
          onCancel={onCancel}
          cancelLabel="Hủy"
          cancelTestId="promotion-cancel"
          label={record ? 'Lưu và gửi duyệt lại' : 'Lưu và gửi duyệt'}
          busy={saving}
          leftSection={<IconDeviceFloppy size={18} />}
          testId="promotion-save"
          gap="sm"
        />
      </Stack>
    </form>
  );
}
