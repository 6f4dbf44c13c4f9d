/**
 * The parcel an order makes (docs/delivery.md "Parcels"): weight from its variants' weight per base
 * unit (so a line weighs its unit's weight × its quantity), size a box that holds the units' volume
 * (as near a cube as the largest unit allows, never their sides laid end to end), and the defaults
 * used (and said) where the catalogue has none. The office confirms or corrects it before asking the
 * carriers for quotes, warned when it is too heavy or too long for a pharmacy order.
 */
import type { Parcel } from './delivery';
import { formatNumber } from './money';

export type ParcelLine = {
  /** Base units in the line (quantity × factor). */
  baseQuantity: number;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
};

/** What a base unit weighs when its variant does not say (a box of medicine, roughly). */
export const DEFAULT_UNIT_WEIGHT_GRAMS = 200;
/** The box used when no variant of the order gives a size. */
export const DEFAULT_BOX = { length_cm: 20, width_cm: 15, height_cm: 10 } as const;
const MAX_SIDE_CM = 300;
/** Beyond these a pharmacy order's parcel is most likely a catalogue mistake (weights per tablet, sizes per box). */
export const PLAUSIBLE_PARCEL = { maxWeightGrams: 30_000, maxSideCm: 150 } as const;

const clampSide = (value: number) => Math.min(MAX_SIDE_CM, Math.max(1, Math.ceil(value - 1e-9)));

/** A box holding `volume` cm³ whose sides are at least the largest unit's (sorted longest first). */
function boxFor(volume: number, least: readonly [number, number, number]) {
  const length = Math.max(least[0], Math.cbrt(volume));
  const width = Math.max(least[1], Math.sqrt(volume / length));
  const height = Math.max(least[2], volume / (length * width));
  return { length_cm: clampSide(length), width_cm: clampSide(width), height_cm: clampSide(height) };
}

export function proposeParcel(lines: readonly ParcelLine[]): { parcel: Parcel; estimated: boolean } {
  let weight = 0;
  let estimated = false;
  for (const line of lines) {
    if (line.weightGrams === null) estimated = true;
    weight += line.baseQuantity * (line.weightGrams ?? DEFAULT_UNIT_WEIGHT_GRAMS);
  }
  const sized = lines.filter((line) => line.lengthCm && line.widthCm && line.heightCm && line.baseQuantity > 0);
  if (sized.length < lines.length) estimated = true;
  let box: { length_cm: number; width_cm: number; height_cm: number } = { ...DEFAULT_BOX };
  if (sized.length > 0) {
    const sides = sized.map((line) => [line.lengthCm!, line.widthCm!, line.heightCm!].sort((a, b) => b - a));
    const least = [0, 1, 2].map((index) => Math.max(...sides.map((side) => side[index]!))) as [number, number, number];
    const volume = sized.reduce((sum, line) => sum + line.baseQuantity * line.lengthCm! * line.widthCm! * line.heightCm!, 0);
    box = boxFor(volume, least);
  }
  return { parcel: { weight_grams: Math.max(1, Math.round(weight)), ...box }, estimated };
}

/** Why a parcel looks wrong for a pharmacy order (Vietnamese, shown before quotes and booking); none when it looks right. */
export function parcelWarnings(parcel: Parcel): string[] {
  const warnings: string[] = [];
  if (parcel.weight_grams > PLAUSIBLE_PARCEL.maxWeightGrams) {
    const kg = formatNumber(parcel.weight_grams / 1000, 1);
    warnings.push(
      `Gói hàng nặng ${kg} kg, quá nặng với một đơn nhà thuốc (trên ${PLAUSIBLE_PARCEL.maxWeightGrams / 1000} kg): ` +
        'kiểm tra khối lượng khai báo của sản phẩm (tính cho 1 đơn vị cơ bản, ví dụ 1 viên) hoặc sửa khối lượng trước khi lấy báo giá.',
    );
  }
  const longest = Math.max(parcel.length_cm, parcel.width_cm, parcel.height_cm);
  if (longest > PLAUSIBLE_PARCEL.maxSideCm) {
    warnings.push(
      `Gói hàng có cạnh dài ${longest} cm (trên ${PLAUSIBLE_PARCEL.maxSideCm} cm): kiểm tra kích thước khai báo của sản phẩm ` +
        'hoặc sửa kích thước trước khi lấy báo giá.',
    );
  }
  return warnings;
}

/** The COD a delivery collects by default: what the order still owes (its total less what was paid). */
export function defaultCod(total: number, paid: number): number {
  return Math.max(0, Math.round(total - paid));
}
