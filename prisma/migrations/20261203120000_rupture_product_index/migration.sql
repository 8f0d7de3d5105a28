-- Issue 23: the industry's stock dashboard reads the ruptures of a brand's products: by product, not
-- every product of every store of the period.
CREATE INDEX IF NOT EXISTS "order_item_daily_stats_product_idx" ON "order_item_daily_stats"("account_id", "product_id", "day");
