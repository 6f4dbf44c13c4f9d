/**
 * A programme's tiers (promotionvalue/): per tier its threshold, what it gives (the rewards the
 * kind allows, KIND_REWARDS), the value, or the gift and its quantity. Over them, what the numbers
 * are counted in (base units for the line kinds, đồng for order_total). Each input shows its own
 * error (`tiers.N.field`, from tierProblems on the device or from the server), the list's own
 * (`tiers`: overlapping tiers, too many) over the rows.
 */
import { ActionIcon, Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { KIND_REWARDS, REWARD_TYPE_LABELS, type PromotionKind, type RewardType } from '@contract/promotions';
import { allowsManyTiers, emptyTier, tierErrors, type FieldErrors, type TierValues } from '@/features/promotions/model/promotion-form';
import { thresholdLabel, thresholdUnit, tierUnitsHint, valueLabel } from '@/features/promotions/model/promotion-text';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { VariantSelect } from './variant-pickers';
import { WholeAmountInput } from '@/ui/whole-amount-input';

type Props = {
  companyId: number;
  kind: PromotionKind;
  tiers: TierValues[];
  errors: FieldErrors;
  onChange: (tiers: TierValues[], touched: string[]) => void;
  disabled?: boolean;
  isMobile: boolean;
};

const MAX_TIERS = 20;

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

export function TierEditor({ companyId, kind, tiers, errors, onChange, disabled, isMobile }: Props) {
  const many = allowsManyTiers(kind);
  const rewards = KIND_REWARDS[kind];
  const set = (index: number, patch: Partial<TierValues>) =>
    onChange(
      tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)),
      [`tiers.${index}`, 'tiers'],
    );
  const add = () => {
    const last = tiers.at(-1);
    onChange(
      [...tiers, { ...emptyTier(kind), reward: last?.reward ?? rewards[0]!, gift_variant_id: last?.gift_variant_id ?? null }],
      ['tiers'],
    );
  };
  const remove = (index: number) =>
    onChange(
      tiers.filter((_tier, at) => at !== index),
      // The tiers after it move up: their errors no longer name them.
      tiers.map((_tier, at) => `tiers.${at}`).concat('tiers'),
    );

  return (
    <Stack gap="sm" data-testid="tier-editor">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs" data-testid="tier-units-hint">
        <Text size="sm">{tierUnitsHint(kind)}</Text>
      </Alert>
      {errors.tiers && (
        <Text size="sm" c="red" data-testid="tiers-error">
          {errors.tiers}
        </Text>
      )}
      {tiers.map((tier, index) => {
        const own = tierErrors(errors, index);
        const gift = tier.reward === 'gift';
        return (
          <Card key={tier.key} withBorder radius="md" padding="sm" data-testid="tier-row" data-index={index}>
            <Stack gap="xs">
              {many && (
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    Bậc {index + 1}
                  </Text>
                  {tiers.length > 1 && (
                    <Tooltip label="Xóa bậc">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Xóa bậc ${index + 1}`}
                        onClick={() => remove(index)}
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
                  onChange={(threshold) => set(index, { threshold })}
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
                    set(index, {
                      reward: next as RewardType,
                      gift_quantity: next === 'gift' && !tier.gift_quantity ? '1' : tier.gift_quantity,
                    })
                  }
                  allowDeselect={false}
                  error={own.reward}
                  disabled={disabled || rewards.length === 1}
                  data-testid="tier-reward"
                />
                {gift ? (
                  <>
                    <WholeNumber
                      label={valueLabel(kind, 'gift')}
                      value={tier.gift_quantity}
                      onChange={(gift_quantity) => set(index, { gift_quantity })}
                      error={own.gift_quantity ?? own.value}
                      disabled={disabled}
                      testId="tier-gift-quantity"
                    />
                    <VariantSelect
                      companyId={companyId}
                      label="Sản phẩm tặng"
                      placeholder={kind === 'order_total' ? 'Chọn sản phẩm tặng' : 'Để trống: tặng chính sản phẩm đã mua'}
                      value={tier.gift_variant_id}
                      onChange={(gift_variant_id) => set(index, { gift_variant_id })}
                      error={own.gift_variant_id}
                      disabled={disabled}
                      data-testid="tier-gift-variant"
                    />
                  </>
                ) : tier.reward === 'percent' ? (
                  <StrictNumberInput
                    label={valueLabel(kind, 'percent')}
                    value={tier.value}
                    onChange={(next) => set(index, { value: next === '' ? '' : String(next) })}
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
                    onChange={(value) => set(index, { value })}
                    error={own.value}
                    disabled={disabled}
                    testId="tier-value"
                  />
                )}
              </SimpleGrid>
            </Stack>
          </Card>
        );
      })}
      {many && (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={add}
            disabled={disabled || tiers.length >= MAX_TIERS}
            data-testid="tier-add"
          >
            Thêm bậc
          </Button>
        </Group>
      )}
    </Stack>
  );
}
