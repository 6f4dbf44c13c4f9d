/**
 * Writing a programme (/promotion/create, and ?id= to edit one still waiting for approval or
 * refused): name, description, kind with its hint, dates and an optional daily window, how it
 * combines with others, the tiers, which goods and customers, the budget, and the notice to the
 * provincial trade department (Sở Công Thương, NĐ 81/2018 Điều 17). The contract's checks run
 * before anything is sent (promotion-form.ts), the server's refusals land on the inputs they name;
 * a saved programme waits for approval (an edit sends it back).
 */
import { Alert, Card, Grid, Stack, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { PromotionRecord } from '@contract/promotions';
import { useCan } from '@/session/access';
import type { PromotionFormValues } from '@/features/promotions/model/promotion-form';
import { ScopeFields } from './scope-fields';
import { TierEditor } from './tier-editor';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { PromotionBudgetCard, PromotionCombineCard, PromotionInfoCard, PromotionNoticeCard } from './promotion-form-cards';
import { usePromotionForm } from './use-promotion-form';

export { LEAVE_FORM } from './use-promotion-form';

type Props = {
  companyId: number;
  initial: PromotionFormValues;
  /** The programme being edited; null when creating. */
  record: PromotionRecord | null;
  isMobile: boolean;
  onSaved: (record: PromotionRecord) => void;
  onCancel: () => void;
};

export function PromotionForm({ companyId, initial, record, isMobile, onSaved, onCancel }: Props) {
  const { values, errors, saving, set, setKind, addGoods, submit } = usePromotionForm({ companyId, initial, record, onSaved });
  const canImport = useCan('promotions', 'create');

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
            <PromotionInfoCard values={values} errors={errors} set={set} setKind={setKind} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <PromotionCombineCard values={values} errors={errors} set={set} />
              <PromotionBudgetCard values={values} errors={errors} set={set} isMobile={isMobile} />
              <PromotionNoticeCard values={values} errors={errors} set={set} isMobile={isMobile} />
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
                addVariants={addGoods}
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
