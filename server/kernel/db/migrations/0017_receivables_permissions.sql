-- The seeded roles of companies made before receivables existed get the seed's receivables
-- permissions (contract/roles.ts SYSTEM_ROLES): reps collect, the regional manager also exports,
-- the accountant (the cashier) does everything. An owner's own edits to other areas are kept.
UPDATE "roles" SET "permissions" = "permissions" || '{"receivables": ["view", "create"]}'::jsonb
  WHERE "is_system" = true AND "name" = 'Trình dược viên' AND NOT ("permissions" ? 'receivables');--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '{"receivables": ["view", "create", "export"]}'::jsonb
  WHERE "is_system" = true AND "name" = 'Quản lý vùng' AND NOT ("permissions" ? 'receivables');--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '{"receivables": ["view", "create", "edit", "delete", "approve", "export"]}'::jsonb
  WHERE "is_system" = true AND "name" IN ('Kế toán', 'Quản trị') AND NOT ("permissions" ? 'receivables');
