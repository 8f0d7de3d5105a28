-- Issue 21: a substituted line's unit price is the substitute's (per kg when weighed), kept beside
-- the ordered product's, so the line reads as it is charged.
ALTER TABLE "order_items" ADD COLUMN "substitute_unit_price_cents" BIGINT;
