-- Issue 23: a store's customers' first purchase there is looked up per customer (the customers card,
-- its days and its cohorts: the first day with an order still counting, a few index entries each)
-- instead of summing every day each customer ever bought at the store.
CREATE INDEX "customer_daily_stats_store_customer_idx" ON "customer_daily_stats"("account_id", "location_id", "customer_id", "day") WHERE "orders" > 0;
