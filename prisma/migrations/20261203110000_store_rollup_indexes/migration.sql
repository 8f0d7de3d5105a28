-- Issue 23: a supermarket's dashboards read one store's rows of a period; the keys lead with the day
-- (every store's rows of a day together), so a store's period was read through every store's.
CREATE INDEX IF NOT EXISTS "sales_daily_stats_store_idx" ON "sales_daily_stats"("account_id", "location_id", "day");
CREATE INDEX IF NOT EXISTS "customer_daily_stats_store_idx" ON "customer_daily_stats"("account_id", "location_id", "day");
