-- The new permission area of e-invoices and accounting (contract/roles.ts, issue 18) for the system
-- roles of companies made before it existed: Quản trị gets every action, Kế toán what the seed gives it.
UPDATE "roles" SET "permissions" = "permissions" || '{"invoices": ["view", "create", "edit", "delete", "approve", "export"]}'::jsonb
  WHERE "is_system" = true AND "name" = 'Quản trị' AND NOT ("permissions" ? 'invoices');--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '{"invoices": ["view", "create", "edit", "export"]}'::jsonb
  WHERE "is_system" = true AND "name" = 'Kế toán' AND NOT ("permissions" ? 'invoices');
