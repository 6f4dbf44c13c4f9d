CREATE INDEX IF NOT EXISTS "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
