/**
 * The product form's values (text as typed, so a half-typed price is not lost) and their way to
 * the API: ProductInputSchema checks them on the device with the contract's own messages before
 * anything is sent, and the server's field errors (`name`, `variants.0.units.1.barcode`) land on
 * the same keys. Units are kept in factor order (base unit first), the order the server stores and
 * names them in, so an error's index points at the row on screen.
 */
import * as v from 'valibot';
import { ProductInputSchema, VAT_RATES, type ProductInput, type ProductRecord, type VariantUnit } from '@contract/products';
import type { ControlledClass, StorageCondition } from '@contract/pharma';
import { issueFields, type FieldErrors } from '@/lib/issue-fields';
import { rowKeys } from '@/lib/row-keys';

export type UnitValues = { key: string; unit: string; factor: string; price: string; wholesale_price: string; barcode: string };
/** A base unit's weight (g) and size (cm) for carriers, as typed; '' when not given. */
export type ParcelValues = { weight_grams: string; length_cm: string; width_cm: string; height_cm: string };
export const PARCEL_KEYS = ['weight_grams', 'length_cm', 'width_cm', 'height_cm'] as const;
export type VariantValues = {
  key: string;
  id: number | null;
  code: string;
  name: string;
  is_active: boolean;
  units: UnitValues[];
  parcel: ParcelValues;
};
export type ProductFormValues = {
  code: string;
  name: string;
  active_ingredient: string;
  strength: string;
  registration_number: string;
  manufacturer: string;
  country: string;
  brand_id: string | null;
  category_id: string | null;
  group_id: string | null;
  vat_rate: string;
  /** A human medicine: promoted or given only to licensed drug businesses (NĐ 81/2018 Điều 5). */
  is_medicine: boolean;
  /** The drug master (docs/pharma.md), shown and sent while the product is a medicine. */
  registration_expiry: string | null;
  prescription: boolean;
  essential: boolean;
  controlled_class: ControlledClass;
  storage: StorageCondition;
  national_code: string;
  description: string;
  is_active: boolean;
  variants: VariantValues[];
};

export type { FieldErrors };

const key = rowKeys('k');

export function emptyUnit(factor = ''): UnitValues {
  return { key: key(), unit: '', factor, price: '', wholesale_price: '', barcode: '' };
}

export function emptyVariant(): VariantValues {
  return {
    key: key(),
    id: null,
    code: '',
    name: '',
    is_active: true,
    units: [emptyUnit('1')],
    parcel: { weight_grams: '', length_cm: '', width_cm: '', height_cm: '' },
  };
}

export function emptyProductForm(): ProductFormValues {
  return {
    code: '',
    name: '',
    active_ingredient: '',
    strength: '',
    registration_number: '',
    manufacturer: '',
    country: 'Việt Nam',
    brand_id: null,
    category_id: null,
    group_id: null,
    vat_rate: '5',
    is_medicine: false,
    registration_expiry: null,
    prescription: false,
    essential: false,
    controlled_class: 'none',
    storage: 'normal',
    national_code: '',
    description: '',
    is_active: true,
    variants: [emptyVariant()],
  };
}

const text = (value: string | null | undefined) => value ?? '';
const idText = (value: number | null) => (value === null ? null : String(value));

function unitValues(unit: VariantUnit): UnitValues {
  return {
    key: key(),
    unit: unit.unit,
    factor: String(unit.factor),
    price: String(unit.price),
    wholesale_price: unit.wholesale_price === null ? '' : String(unit.wholesale_price),
    barcode: text(unit.barcode),
  };
}

export function formFromRecord(record: ProductRecord): ProductFormValues {
  return {
    code: record.code,
    name: record.name,
    active_ingredient: text(record.active_ingredient),
    strength: text(record.strength),
    registration_number: text(record.registration_number),
    manufacturer: text(record.manufacturer),
    country: text(record.country),
    brand_id: idText(record.brand_id),
    category_id: idText(record.category_id),
    group_id: idText(record.group_id),
    vat_rate: String(record.vat_rate),
    is_medicine: record.is_medicine,
    // A record from a server older than the drug master carries none of it: the defaults.
    registration_expiry: record.registration_expiry ?? null,
    prescription: record.prescription ?? false,
    essential: record.essential ?? false,
    controlled_class: record.controlled_class ?? 'none',
    storage: record.storage ?? 'normal',
    national_code: text(record.national_code),
    description: text(record.description),
    is_active: record.is_active,
    variants: record.variants.map((variant) => ({
      key: key(),
      id: variant.id,
      code: variant.code,
      name: variant.name,
      is_active: variant.is_active,
      units: [...variant.units].sort((a, b) => a.factor - b.factor).map(unitValues),
      parcel: Object.fromEntries(PARCEL_KEYS.map((name) => [name, variant[name] == null ? '' : String(variant[name])])) as ParcelValues,
    })),
  };
}

/** Units in factor order (base first); rows with no factor yet stay last, in their order. */
export function sortUnits(values: ProductFormValues): ProductFormValues {
  const rank = (unit: UnitValues) => (unit.factor.trim() === '' ? Number.POSITIVE_INFINITY : Number(unit.factor));
  return {
    ...values,
    variants: values.variants.map((variant) => ({
      ...variant,
      units: variant.units
        .map((unit, index) => ({ unit, index }))
        .sort((a, b) => rank(a.unit) - rank(b.unit) || a.index - b.index)
        .map(({ unit }) => unit),
    })),
  };
}

/** Text typed for a number: empty means "not given"; anything else must be a number (the schema says which). */
const numberOf = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value.replace(/[.\s]/g, '')));
const optionalNumber = (value: string): number | null => (value.trim() === '' ? null : numberOf(value));
const optionalId = (value: string | null) => (value ? Number(value) : null);

/** The request body for the values (not yet checked). */
export function toProductInput(company: number, values: ProductFormValues): ProductInput {
  return {
    company,
    code: values.code.trim() || null,
    name: values.name,
    active_ingredient: values.active_ingredient,
    strength: values.strength,
    registration_number: values.registration_number,
    manufacturer: values.manufacturer,
    country: values.country,
    brand_id: optionalId(values.brand_id),
    category_id: optionalId(values.category_id),
    group_id: optionalId(values.group_id),
    vat_rate: Number(values.vat_rate) as (typeof VAT_RATES)[number],
    is_medicine: values.is_medicine,
    registration_expiry: values.registration_expiry,
    prescription: values.prescription,
    essential: values.essential,
    controlled_class: values.controlled_class,
    storage: values.storage,
    national_code: values.national_code,
    description: values.description,
    is_active: values.is_active,
    variants: values.variants.map((variant) => ({
      id: variant.id,
      code: variant.code.trim() || null,
      name: variant.name,
      is_active: variant.is_active,
      units: variant.units.map((unit) => ({
        unit: unit.unit,
        factor: numberOf(unit.factor),
        price: numberOf(unit.price),
        // With the WHOLESALE switch off the field is hidden and keeps what the record had.
        wholesale_price: optionalNumber(unit.wholesale_price),
        barcode: unit.barcode.trim() || null,
      })),
      ...Object.fromEntries(PARCEL_KEYS.map((name) => [name, optionalNumber(variant.parcel[name])])),
    })),
  };
}

/** Checks the values with the contract schema: the body to send, or the errors by field key. */
export function checkProductForm(
  company: number,
  values: ProductFormValues,
): { ok: true; input: ProductInput } | { ok: false; errors: FieldErrors; message: string } {
  const input = toProductInput(company, values);
  const result = v.safeParse(ProductInputSchema, input);
  if (result.success) return { ok: true, input };
  const { message, fields } = issueFields(result.issues);
  // An empty box is "not typed yet", not "not a number".
  values.variants.forEach((variant, i) =>
    variant.units.forEach((unit, j) => {
      const at = `variants.${i}.units.${j}`;
      if (unit.factor.trim() === '' && fields[`${at}.factor`]) fields[`${at}.factor`] = 'Vui lòng nhập hệ số quy đổi';
      if (unit.price.trim() === '' && fields[`${at}.price`]) fields[`${at}.price`] = 'Vui lòng nhập giá bán';
    }),
  );
  const first = Object.values(fields)[0];
  return { ok: false, errors: fields, message: first ?? message };
}

export const VAT_OPTIONS = VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate}%` }));
