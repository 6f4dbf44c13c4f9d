/**
 * The units of one variant: name (from the unit list or typed), conversion factor to the base unit,
 * retail price, wholesale price (only with the WHOLESALE switch on), barcode (typed, scanned with a
 * keyboard-wedge scanner into the field, or read with the camera). Under them, the conversion
 * chain ("1 hộp = 10 vỉ = 100 viên"). Rows on desktop, cards on phones.
 */
import { ActionIcon, Autocomplete, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { formatMoney } from '@/lib/money';
import { BarcodeScanButton } from '@/ui/barcode-scanner';
import { NumericInput } from '@/ui/numeric-input';
import { conversionChain } from '../model/conversion-chain';
import { emptyUnit, type FieldErrors, type UnitValues } from '../model/product-form';

type Props = {
  units: UnitValues[];
  onChange: (units: UnitValues[]) => void;
  /** Field keys start with this (`variants.0.units`). */
  path: string;
  errors: FieldErrors;
  unitNames: string[];
  wholesale: boolean;
  isMobile: boolean;
  disabled: boolean;
};

const MAX_UNITS = 10;
/** Hints under the inputs, so the inputs of a row line up whether or not they have one. */
const BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

const moneyHint = (value: string) => (value.trim() === '' ? undefined : formatMoney(Number(value)));

/** Enter in a barcode box ends a scanner's burst: it must not submit the form. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

export function UnitsEditor({ units, onChange, path, errors, unitNames, wholesale, isMobile, disabled }: Props) {
  const update = (index: number, patch: Partial<UnitValues>) =>
    onChange(units.map((unit, i) => (i === index ? { ...unit, ...patch } : unit)));
  const chain = conversionChain(units.map((unit) => ({ unit: unit.unit, factor: Number(unit.factor) })));
  const listError = errors[path];

  const fields = (unit: UnitValues, index: number) => {
    const at = (field: string) => errors[`${path}.${index}.${field}`];
    const isBase = unit.factor === '1';
    return (
      <>
        <Autocomplete
          label="Đơn vị"
          placeholder="VD: hộp"
          data={unitNames}
          size="md"
          value={unit.unit}
          onChange={(value) => update(index, { unit: value })}
          error={at('unit')}
          withAsterisk
          disabled={disabled}
          data-testid="unit-name"
        />
        <NumericInput
          label="Quy đổi"
          inputWrapperOrder={BELOW}
          description={isBase ? 'Đơn vị cơ bản' : `= ${unit.factor || '…'} ${units.find((u) => u.factor === '1')?.unit || 'đơn vị cơ bản'}`}
          value={unit.factor}
          onChange={(value) => update(index, { factor: value })}
          error={at('factor')}
          withAsterisk
          max={1_000_000}
          disabled={disabled}
          data-testid="unit-factor"
        />
        <NumericInput
          label="Giá bán"
          inputWrapperOrder={BELOW}
          description={moneyHint(unit.price)}
          value={unit.price}
          onChange={(value) => update(index, { price: value })}
          error={at('price')}
          withAsterisk
          max={100_000_000_000}
          disabled={disabled}
          data-testid="unit-price"
        />
        {wholesale && (
          <NumericInput
            label="Giá bán sỉ"
            inputWrapperOrder={BELOW}
            description={moneyHint(unit.wholesale_price)}
            value={unit.wholesale_price}
            onChange={(value) => update(index, { wholesale_price: value })}
            error={at('wholesale_price')}
            max={100_000_000_000}
            disabled={disabled}
            data-testid="unit-wholesale"
          />
        )}
        <TextInput
          label="Mã vạch"
          placeholder="Quét hoặc nhập"
          value={unit.barcode}
          onChange={(event) => update(index, { barcode: event.currentTarget.value })}
          onKeyDown={keepEnter}
          error={at('barcode')}
          disabled={disabled}
          rightSectionWidth={40}
          rightSection={
            <BarcodeScanButton
              iconOnly
              variant="subtle"
              size={30}
              label="Quét mã vạch bằng camera"
              title={`Quét mã vạch cho ${unit.unit || 'đơn vị'}`}
              disabled={disabled}
              onDetected={(code) => update(index, { barcode: code })}
              data-testid="unit-barcode-scan"
            />
          }
          data-testid="unit-barcode"
        />
      </>
    );
  };

  const remove = (index: number) => (
    <Tooltip label="Xóa đơn vị">
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label="Xóa đơn vị"
        disabled={disabled || units.length <= 1}
        onClick={() => onChange(units.filter((_, i) => i !== index))}
        mt={isMobile ? 0 : 26}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Stack gap="xs" data-testid="units-editor">
      {units.map((unit, index) =>
        isMobile ? (
          <Card key={unit.key} withBorder padding="xs" radius="sm" data-testid="unit-row">
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={600}>
                Đơn vị {index + 1}
              </Text>
              {remove(index)}
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
              {fields(unit, index)}
            </SimpleGrid>
          </Card>
        ) : (
          <Group key={unit.key} gap="xs" wrap="nowrap" align="flex-start" data-testid="unit-row">
            <SimpleGrid cols={wholesale ? 5 : 4} spacing="xs" style={{ flex: 1 }}>
              {fields(unit, index)}
            </SimpleGrid>
            {remove(index)}
          </Group>
        ),
      )}
      {listError && (
        <Text size="sm" c="red" data-testid="units-error">
          {listError}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={disabled || units.length >= MAX_UNITS}
          onClick={() => onChange([...units, emptyUnit()])}
          data-testid="unit-add"
        >
          Thêm đơn vị
        </Button>
        {chain && (
          <Text size="sm" c="teal" fw={500} data-testid="conversion-chain">
            {chain}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
