-- Two areas of contract/roles.ts SYSTEM_ROLES that reached new companies only, found by
-- server/modules/roles/role-grants.test.ts. As in 0017 and 0020, an area is added where the role
-- lacks it; an owner's own edits to the role's other areas are kept.
-- 'messaging' (Zalo OA, added with 0021_messaging.sql): the seed gives Quản trị every action, but
-- companies made before 0021 never got it, so a non-owner holding Quản trị was refused the Zalo OA
-- screens and was no recipient of its notifications (server/modules/notifications/recipients.ts).
UPDATE "roles" SET "permissions" = "permissions" || '{"messaging": ["view", "create", "edit", "delete", "approve", "export"]}'::jsonb
  WHERE "is_system" = true AND "name" = 'Quản trị' AND NOT ("permissions" ? 'messaging');--> statement-breakpoint
-- 'off_route' (selling to and visiting customers outside one's scope, docs/decisions.md "Data scope
-- on ops"): seeded for Quản lý vùng, who covers for reps and sells at the region's edges, when the
-- scope check on those paths came in, but not granted to the regional managers of companies made
-- before, who could until then reach every customer of the company on them.
UPDATE "roles" SET "permissions" = "permissions" || '{"off_route": ["view", "create"]}'::jsonb
  WHERE "is_system" = true AND "name" = 'Quản lý vùng' AND NOT ("permissions" ? 'off_route');
