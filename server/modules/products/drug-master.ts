/**
 * The drug master's columns (docs/pharma.md "The drug master") as the wire carries them and back: one mapping for the
 * product's record, the variant's record (which the phone's cart checks before a sale) and writes.
 */
import type { ControlledClass, StorageCondition } from '@contract/pharma';
import type { DrugMaster } from '@contract/products';

/** The product row's drug master columns, as drizzle reads them. */
export type DrugMasterColumns = {
  registrationExpiry: string | null;
  prescription: boolean;
  essential: boolean;
  controlledClass: string;
  storage: string;
  nationalCode: string | null;
};

/** The columns as the record's fields; the text columns hold only the contract's values (every write is validated). */
export function drugMasterOf(row: DrugMasterColumns): DrugMaster {
  return {
    registration_expiry: row.registrationExpiry,
    prescription: row.prescription,
    essential: row.essential,
    controlled_class: row.controlledClass as ControlledClass,
    storage: row.storage as StorageCondition,
    national_code: row.nationalCode,
  };
}

/** The fields as the columns a write sets. */
export function drugMasterColumns(input: DrugMaster): DrugMasterColumns {
  return {
    registrationExpiry: input.registration_expiry,
    prescription: input.prescription,
    essential: input.essential,
    controlledClass: input.controlled_class,
    storage: input.storage,
    nationalCode: input.national_code,
  };
}
