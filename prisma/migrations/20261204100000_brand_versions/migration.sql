-- Issue 23: the industry's answers are kept per (retailer, brand), not per retailer: an order of
-- another brand's products at the same retailer leaves them, and so does a change of a day after the
-- answer's period (an answer reads nothing after its last day).
--
--   sales_brand_versions  (account, brand, whole month?, day): raised once by each transaction that
--                         changed the brand's sales at that retailer on that day (its customer rollup,
--                         sales_brand_customer_daily: an order counted, taken away or moved, a rebuild)
--                         or its ruptures (order_item_daily_stats' missing lines); and the row of the
--                         day's month (whole_month, on its first day) with it. Day '-infinity': changes
--                         of every day (one of the retailer's products entering or leaving the brand,
--                         one of its stores renamed: the answers name stores). Brands are folded as the
--                         retail-media links name them (trimmed, lower case). What an answer up to a day
--                         is checked against: the versions of the months before that day's and of its
--                         month's days up to it (a few dozen rows however long the history).
--
-- The rollups are written as a transaction commits (sales_changes_apply), by upserts whose inserted and
-- updated rows fire two statement triggers: raising versions in each would lock the version rows in two
-- passes, in an order two transactions could take crosswise. So the statements only note what they
-- touched (plain inserts, no lock), and the versions are raised once, as the transaction commits, after
-- every rollup, all in key order.

CREATE TABLE "sales_brand_versions" (
    "account_id" INTEGER NOT NULL,
    "brand" TEXT NOT NULL,
    "whole_month" BOOLEAN NOT NULL,
    "day" DATE NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "sales_brand_versions_pkey" PRIMARY KEY ("account_id","brand","whole_month","day")
);
ALTER TABLE "sales_brand_versions" ADD CONSTRAINT "sales_brand_versions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The (account, brand, day) a transaction changed, until it commits.
CREATE TABLE "sales_brand_changes" (
    "id" BIGSERIAL NOT NULL,
    "tx" BIGINT NOT NULL DEFAULT txid_current(),
    "account_id" INTEGER NOT NULL,
    "brand" TEXT NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "sales_brand_changes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sales_brand_changes_tx_idx" ON "sales_brand_changes"("tx");

-- The transaction's changes raised as it commits (the first call takes them all; the others find
-- none). While its sales changes wait (sales_changes_apply comes later in the queue: a statement
-- before them noted changes), the raise goes behind them, so that it stays one pass.
CREATE OR REPLACE FUNCTION sales_brand_changes_apply() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  me bigint := txid_current();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM sales_brand_changes WHERE tx = me) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM sales_changes WHERE tx = me) THEN
    INSERT INTO sales_brand_changes (account_id, brand, day) VALUES (NEW.account_id, NEW.brand, NEW.day);
    RETURN NULL;
  END IF;
  INSERT INTO sales_brand_versions AS v (account_id, brand, whole_month, day, version)
  SELECT DISTINCT x.account_id, x.brand, m.whole_month, m.day, 1
    FROM sales_brand_changes x CROSS JOIN LATERAL (VALUES (FALSE, x.day), (TRUE, date_trunc('month', x.day)::date)) AS m(whole_month, day)
   WHERE x.tx = me AND EXISTS (SELECT 1 FROM accounts WHERE id = x.account_id)
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, brand, whole_month, day) DO UPDATE SET version = v.version + 1;
  DELETE FROM sales_brand_changes WHERE tx = me;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER sales_brand_changes_apply AFTER INSERT ON "sales_brand_changes"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION sales_brand_changes_apply();

-- The customer rollup's rows a statement wrote (before and after, for an update).
CREATE OR REPLACE FUNCTION sales_brand_customer_daily_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO sales_brand_changes (account_id, brand, day)
    SELECT DISTINCT account_id, btrim(brand), day FROM (SELECT account_id, brand, day FROM before UNION ALL SELECT account_id, brand, day FROM changed) s;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_brand_changes (account_id, brand, day) SELECT DISTINCT account_id, btrim(brand), day FROM before;
  ELSE
    INSERT INTO sales_brand_changes (account_id, brand, day) SELECT DISTINCT account_id, btrim(brand), day FROM changed;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER sales_brand_customer_daily_insert AFTER INSERT ON "sales_brand_customer_daily"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sales_brand_customer_daily_changed();
CREATE TRIGGER sales_brand_customer_daily_update AFTER UPDATE ON "sales_brand_customer_daily"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sales_brand_customer_daily_changed();
CREATE TRIGGER sales_brand_customer_daily_delete AFTER DELETE ON "sales_brand_customer_daily"
  REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION sales_brand_customer_daily_changed();

-- Ruptures counted or taken away: the brands of their products, on their days.
CREATE OR REPLACE FUNCTION order_item_daily_stats_brands() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO sales_brand_changes (account_id, brand, day)
    SELECT DISTINCT n.account_id, lower(btrim(p.brand)), n.day
      FROM changed n JOIN before o USING (account_id, day, location_id, product_id) JOIN products p ON p.id = n.product_id
     WHERE o.missing_lines IS DISTINCT FROM n.missing_lines AND btrim(p.brand) <> '';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_brand_changes (account_id, brand, day)
    SELECT DISTINCT o.account_id, lower(btrim(p.brand)), o.day FROM before o JOIN products p ON p.id = o.product_id
     WHERE o.missing_lines <> 0 AND btrim(p.brand) <> '';
  ELSE
    INSERT INTO sales_brand_changes (account_id, brand, day)
    SELECT DISTINCT n.account_id, lower(btrim(p.brand)), n.day FROM changed n JOIN products p ON p.id = n.product_id
     WHERE n.missing_lines <> 0 AND btrim(p.brand) <> '';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_item_daily_stats_brands_insert AFTER INSERT ON "order_item_daily_stats"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_item_daily_stats_brands();
CREATE TRIGGER order_item_daily_stats_brands_update AFTER UPDATE ON "order_item_daily_stats"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_item_daily_stats_brands();
CREATE TRIGGER order_item_daily_stats_brands_delete AFTER DELETE ON "order_item_daily_stats"
  REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION order_item_daily_stats_brands();

-- Products moved into or out of a brand (sold or not: the brand's product list changes), on every day.
CREATE OR REPLACE FUNCTION products_brand_versions() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_brand_changes (account_id, brand, day)
  SELECT DISTINCT p.account_id, p.brand, '-infinity'::date
    FROM before o JOIN changed n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.account_id, lower(btrim(o.brand))), (n.account_id, lower(btrim(n.brand)))) AS p(account_id, brand)
   WHERE (o.account_id, lower(btrim(o.brand))) IS DISTINCT FROM (n.account_id, lower(btrim(n.brand))) AND p.brand <> '';
  RETURN NULL;
END $$;
CREATE TRIGGER products_brand_versions AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_brand_versions();

-- A store renamed: every brand of its account (that has versions), on every day.
CREATE OR REPLACE FUNCTION locations_brand_versions() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_brand_changes (account_id, brand, day)
  SELECT DISTINCT v.account_id, v.brand, '-infinity'::date FROM sales_brand_versions v
   WHERE v.account_id IN (SELECT c.account_id FROM changed c JOIN before b ON b.id = c.id AND b.name IS DISTINCT FROM c.name);
  RETURN NULL;
END $$;
CREATE TRIGGER locations_brand_versions AFTER UPDATE ON "locations"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION locations_brand_versions();

-- ---------------------------------------------------------------------------------------------
-- Reads of the industry dashboards.

-- A brand's products at a retailer (every dashboard call starts with them), by the folded brand.
CREATE INDEX "products_folded_brand_idx" ON "products"("account_id", (lower(btrim("brand"))));

-- A brand's products' sales over a period, from the index alone: a product's rows are spread over the
-- table, a page each.
CREATE INDEX "sales_daily_stats_product_cover_idx" ON "sales_daily_stats"("account_id", "product_id", "day") INCLUDE ("location_id", "lines", "units", "gmv_cents");

-- A brand's products' ruptures over a period: the few (product, day, store) with missing lines, not
-- every decided line's row.
CREATE INDEX "order_item_daily_stats_missing_idx" ON "order_item_daily_stats"("account_id", "product_id", "day") INCLUDE ("location_id", "missing_lines") WHERE "missing_lines" > 0;
