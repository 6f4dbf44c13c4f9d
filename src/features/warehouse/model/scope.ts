/**
 * Where the warehouse screens work: the company and person, whether the company runs several
 * warehouses (the WAREHOUSE service on) and the person's active warehouse (src/session/active-warehouse.ts;
 * null: the default warehouse, or every warehouse in lists).
 */
export type WarehouseScope = {
  companyId: number;
  accountId: number;
  multi: boolean;
  active: number | null;
  isMobile: boolean;
};
