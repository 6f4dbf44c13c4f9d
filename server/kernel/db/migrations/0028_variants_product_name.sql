-- Each variant carries its product's name (server/kernel/db/schema/products.ts variants.productName),
-- kept here rather than by the writers: a variant takes its product's name when written, and a
-- renamed product renames its variants' copy. The index serves a page of variants in name order.
ALTER TABLE "variants" ADD COLUMN "product_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE FUNCTION variant_takes_product_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT name INTO NEW.product_name FROM products WHERE id = NEW.product_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER variant_product_name BEFORE INSERT OR UPDATE OF product_id, product_name ON variants
  FOR EACH ROW EXECUTE FUNCTION variant_takes_product_name();
--> statement-breakpoint
CREATE FUNCTION product_renames_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variants SET product_name = NEW.name WHERE product_id = NEW.id AND product_name IS DISTINCT FROM NEW.name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_renamed AFTER UPDATE OF name ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION product_renames_variants();
--> statement-breakpoint
UPDATE variants v SET product_name = p.name FROM products p WHERE p.id = v.product_id;
--> statement-breakpoint
CREATE INDEX "variants_company_name_idx" ON "variants" USING btree ("company_id","product_name","name","id");
