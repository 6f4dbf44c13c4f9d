/**
 * The hint under a variant's units: how its units convert, biggest first ("1 hộp = 10 vỉ = 100
 * viên"), from the factors (base units per unit). Units whose factor does not divide evenly show
 * a decimal with a comma, as Vietnamese numbers are written.
 */
import type { VariantUnit } from '@contract/products';
import { formatNumber } from '@/lib/money';

type UnitLike = Pick<VariantUnit, 'unit' | 'factor'>;

/** Null when there is nothing to convert (fewer than two named units with a usable factor). */
export function conversionChain(units: readonly UnitLike[]): string | null {
  const usable = units
    .filter((unit) => unit.unit.trim() !== '' && Number.isFinite(unit.factor) && unit.factor >= 1)
    .sort((a, b) => b.factor - a.factor);
  if (usable.length < 2) return null;
  const biggest = usable[0]!;
  return usable.map((unit, index) => `${index === 0 ? 1 : formatNumber(biggest.factor / unit.factor, 2)} ${unit.unit.trim()}`).join(' = ');
}

/** "1 hộp = 100 viên": one unit expressed in the base unit (for a unit row's own hint). */
export function unitInBase(units: readonly UnitLike[], unit: UnitLike): string | null {
  const base = units.find((candidate) => candidate.factor === 1);
  if (!base || unit.factor <= 1 || !unit.unit.trim() || !base.unit.trim()) return null;
  return `1 ${unit.unit.trim()} = ${formatNumber(unit.factor, 0)} ${base.unit.trim()}`;
}
