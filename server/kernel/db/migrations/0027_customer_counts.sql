-- How many customers each company has per list tab (server/kernel/db/schema/customers.ts
-- customerCounts), kept by statement triggers: one upsert per statement, ordered by company, so a
-- 100,000-row import adds once and two writers lock the rows in the same order.
CREATE TABLE "customer_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL,
	"ungrouped" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Rows added (INSERT) or removed (DELETE): both triggers name their transition table customer_rows.
CREATE FUNCTION customer_counts_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO customer_counts AS c (company_id, total, active, inactive, ungrouped)
  SELECT company_id, sign * count(*), sign * count(*) FILTER (WHERE status = 'active'),
         sign * count(*) FILTER (WHERE status = 'inactive'), sign * count(*) FILTER (WHERE customer_type_id IS NULL)
  FROM customer_rows GROUP BY company_id ORDER BY company_id
  ON CONFLICT (company_id) DO UPDATE SET total = c.total + EXCLUDED.total, active = c.active + EXCLUDED.active,
    inactive = c.inactive + EXCLUDED.inactive, ungrouped = c.ungrouped + EXCLUDED.ungrouped;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves a customer between tabs only when its status or group changes; the rest (a name,
-- an address) changes no count and takes no lock on the company's row.
CREATE FUNCTION customer_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts c SET active = c.active + d.active, inactive = c.inactive + d.inactive, ungrouped = c.ungrouped + d.ungrouped
  FROM (
    SELECT company_id, coalesce(sum(s) FILTER (WHERE status = 'active'), 0) AS active,
           coalesce(sum(s) FILTER (WHERE status = 'inactive'), 0) AS inactive,
           coalesce(sum(s) FILTER (WHERE customer_type_id IS NULL), 0) AS ungrouped
    FROM (SELECT company_id, status, customer_type_id, 1 AS s FROM customer_rows_after
          UNION ALL SELECT company_id, status, customer_type_id, -1 FROM customer_rows_before) x
    GROUP BY company_id
  ) d
  WHERE c.company_id = d.company_id AND (d.active <> 0 OR d.inactive <> 0 OR d.ungrouped <> 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_counts_inserted AFTER INSERT ON customers REFERENCING NEW TABLE AS customer_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER customer_counts_deleted AFTER DELETE ON customers REFERENCING OLD TABLE AS customer_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER customer_counts_updated AFTER UPDATE ON customers REFERENCING OLD TABLE AS customer_rows_before NEW TABLE AS customer_rows_after
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_updated();
--> statement-breakpoint
INSERT INTO customer_counts (company_id, total, active, inactive, ungrouped)
SELECT company_id, count(*), count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'inactive'),
       count(*) FILTER (WHERE customer_type_id IS NULL)
FROM customers GROUP BY company_id;
