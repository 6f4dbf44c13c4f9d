/**
 * The parcel an order makes (docs/delivery.md "Parcels"): weight from its variants' weight per base
 * unit, size from their dimensions stacked into one box, and the defaults used (and said) where the
 * catalogue has none. The office confirms or corrects it before asking the carriers for quotes.
 */
import type { Parcel } from './delivery';

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

const clampSide = (value: number) => Math.min(MAX_SIDE_CM, Math.max(1, Math.ceil(value)));

export function proposeParcel(lines: readonly ParcelLine[]): { parcel: Parcel; estimated: boolean } {
  let weight = 0;
  let estimated = false;
  for (const line of lines) {
    if (line.weightGrams === null) estimated = true;
    weight += line.baseQuantity * (line.weightGrams ?? DEFAULT_UNIT_WEIGHT_GRAMS);
  }
  const sized = lines.filter((line) => line.lengthCm && line.widthCm && line.heightCm);
  if (sized.length < lines.length) estimated = true;
  let box: { length_cm: number; width_cm: number; height_cm: number } = { ...DEFAULT_BOX };
  if (sized.length > 0) {
    // The widest footprint, stacked high enough to hold every unit's volume.
    const length = Math.max(...sized.map((line) => line.lengthCm!));
    const width = Math.max(...sized.map((line) => line.widthCm!));
    const volume = sized.reduce((sum, line) => sum + line.baseQuantity * line.lengthCm! * line.widthCm! * line.heightCm!, 0);
    box = { length_cm: clampSide(length), width_cm: clampSide(width), height_cm: clampSide(volume / (length * width)) };
  }
  return { parcel: { weight_grams: Math.max(1, Math.round(weight)), ...box }, estimated };
}

/** The COD a delivery collects by default: what the order still owes (its total less what was paid). */
export function defaultCod(total: number, paid: number): number {
  return Math.max(0, Math.round(total - paid));
}
