/**
 * One tier of a programme on the form (tier-editor.tsx): its threshold, what it gives (the rewards
 * the kind allows), and the value, or the gift and its quantity; each input with its own error.
 */
import { ActionIcon, Card, Group, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { KIND_REWARDS, REWARD_TYPE_LABELS, type PromotionKind, type RewardType } from '@contract/promotions';
import type { tierErrors, TierValues } from '@/features/promotions/model/promotion-form';
import { thresholdLabel, thresholdUnit, valueLabel } from '@/features/promotions/model/promotion-text';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { VariantSelect } from './variant-pickers';
import { WholeAmountInput } from '@/ui/whole-amount-input';

type TierErrors = ReturnType<typeof tierErrors>;

type RowProps = {
  companyId: number;
  kind: PromotionKind;
  tier: TierValues;
  index: number;
  /** More than one tier allowed for the kind: the row is headed and can be removed. */
  many: boolean;
  removable: boolean;
  own: TierErrors;
  set: (patch: Partial<TierValues>) => void;
  remove: () => void;
  disabled?: boolean;
  isMobile: boolean;
};

/** Whole numbers with dot thousands (10.000), kept as the digits typed. */
function WholeNumber({
  testId,
  ...props
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  description?: string;
  disabled?: boolean;
  testId: string;
}) {
  return <WholeAmountInput {...props} max={100_000_000_000} data-testid={testId} />;
}

export function TierRow({ companyId, kind, tier, index, many, removable, own, set, remove, disabled, isMobile }: RowProps) {
  const rewards = KIND_REWARDS[kind];
  const gift = tier.reward === 'gift';
  return (
    <Card withBorder radius="md" padding="sm" data-testid="tier-row" data-index={index}>
      <Stack gap="xs">
        {many && (
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Bậc {index + 1}
            </Text>
            {removable && (
              <Tooltip label="Xóa bậc">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Xóa bậc ${index + 1}`}
                  onClick={remove}
                  disabled={disabled}
                  data-testid="tier-remove"
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
        <SimpleGrid cols={isMobile ? 1 : gift ? 4 : 3} spacing="sm">
          <WholeNumber
            label={thresholdLabel(kind)}
            description={isMobile ? undefined : thresholdUnit(kind)}
            value={tier.threshold}
            onChange={(threshold) => set({ threshold })}
            error={own.threshold}
            disabled={disabled}
            testId="tier-threshold"
          />
          <Select
            label="Ưu đãi"
            data={rewards.map((reward) => ({ value: reward, label: REWARD_TYPE_LABELS[reward] }))}
            value={tier.reward}
            onChange={(next) =>
              next &&
              set({
                reward: next as RewardType,
                gift_quantity: next === 'gift' && !tier.gift_quantity ? '1' : tier.gift_quantity,
              })
            }
            allowDeselect={false}
            error={own.reward}
            disabled={disabled || rewards.length === 1}
            data-testid="tier-reward"
          />
          <TierValueInputs companyId={companyId} kind={kind} tier={tier} own={own} set={set} disabled={disabled} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The value of a tier by its reward: the gift and its quantity, a percentage, or a whole amount. */
function TierValueInputs({
  companyId,
  kind,
  tier,
  own,
  set,
  disabled,
}: Pick<RowProps, 'companyId' | 'kind' | 'tier' | 'own' | 'set' | 'disabled'>) {
  return tier.reward === 'gift' ? (
    <>
      <WholeNumber
        label={valueLabel(kind, 'gift')}
        value={tier.gift_quantity}
        onChange={(gift_quantity) => set({ gift_quantity })}
        error={own.gift_quantity ?? own.value}
        disabled={disabled}
        testId="tier-gift-quantity"
      />
      <VariantSelect
        companyId={companyId}
        label="Sản phẩm tặng"
        placeholder={kind === 'order_total' ? 'Chọn sản phẩm tặng' : 'Để trống: tặng chính sản phẩm đã mua'}
        value={tier.gift_variant_id}
        onChange={(gift_variant_id) => set({ gift_variant_id })}
        error={own.gift_variant_id}
        disabled={disabled}
        data-testid="tier-gift-variant"
      />
    </>
  ) : tier.reward === 'percent' ? (
    <StrictNumberInput
      label={valueLabel(kind, 'percent')}
      value={tier.value}
      onChange={(next) => set({ value: next === '' ? '' : String(next) })}
      decimalSeparator=","
      decimalScale={2}
      allowNegative={false}
      min={0}
      max={100}
      suffix=" %"
      hideControls
      error={own.value}
      disabled={disabled}
      data-testid="tier-value"
    />
  ) : (
    <WholeNumber
      label={valueLabel(kind, tier.reward)}
      value={tier.value}
      onChange={(value) => set({ value })}
      error={own.value}
      disabled={disabled}
      testId="tier-value"
    />
  );
}
