-- Issue 21, closed loop: the buyer as the store's site knows them in the ad API (`/v1/rma` user_id,
-- session_id), so that the order is credited to the ads they saw or clicked.
ALTER TABLE "orders" ADD COLUMN "ad_user_id" TEXT,
ADD COLUMN "ad_session_id" TEXT;

-- The board's columns: each status's most recent orders of the account, whatever the store.
CREATE INDEX "orders_account_id_status_created_at_idx" ON "orders"("account_id", "status", "created_at");
