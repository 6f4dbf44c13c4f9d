/**
 * A programme's tiers (promotionvalue/): per tier its threshold, what it gives (the rewards the
 * kind allows, KIND_REWARDS), the value, or the gift and its quantity. Over them, what the numbers
 * are counted in (base units for the line kinds, đồng for order_total). Each input shows its own
 * error (`tiers.N.field`, from tierProblems on the device or from the server), the list's own
 * (`tiers`: overlapping tiers, too many) over the rows.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { KIND_REWARDS, type PromotionKind } from '@contract/promotions';
import { allowsManyTiers, emptyTier, tierErrors, type FieldErrors, type TierValues } from '@/features/promotions/model/promotion-form';
import { tierUnitsHint } from '@/features/promotions/model/promotion-text';
import { TierRow } from './tier-row';

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
      {tiers.map((tier, index) => (
        <TierRow
          key={tier.key}
          companyId={companyId}
          kind={kind}
          tier={tier}
          index={index}
          many={many}
          removable={tiers.length > 1}
          own={tierErrors(errors, index)}
          set={(patch) => set(index, patch)}
          remove={() => remove(index)}
          disabled={disabled}
          isMobile={isMobile}
        />
      ))}
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
