-- Issue 23: what the analytics dashboards read besides the sales rollups (20261202100000_sales_analytics).
--
--   sales_brand_customer_daily (account, brand, day, store, customer): the lines, units and value a
--                         customer bought of a brand's products on a day at a store. Brands are
--                         folded (lower case) as the retail-media links name them. The industry's
--                         consumers and its KPI tree (buying customers, purchase occasions = customer
--                         × day, frequency, units per occasion) read it; kept by the same triggers as
--                         the sales rollups, through sales_changes (each line's change now carries its
--                         order's customer), and recomputed for a brand whose products are renamed
--                         into or out of it.
--   stock_daily_snapshots (account, product, store, day): a store's stock of a product at the end of
--                         each day it changed, and its lowest that day (offers' triggers): stock over
--                         time, days out of stock.

CREATE TABLE "sales_brand_customer_daily" (
    "account_id" INTEGER NOT NULL,
    "brand" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "units" DECIMAL(16,3) NOT NULL DEFAULT 0,
    "gmv_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "sales_brand_customer_daily_pkey" PRIMARY KEY ("account_id","brand","day","location_id","customer_id")
);
-- A buyer's first purchase of the brand (new buyers, segments over a year).
CREATE INDEX "sales_brand_customer_daily_customer_idx" ON "sales_brand_customer_daily"("account_id", "brand", "customer_id", "day");
ALTER TABLE "sales_brand_customer_daily" ADD CONSTRAINT "sales_brand_customer_daily_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "stock_daily_snapshots" (
    "account_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "stock" INTEGER NOT NULL,
    "available" BOOLEAN NOT NULL,
    "min_stock" INTEGER NOT NULL,

    CONSTRAINT "stock_daily_snapshots_pkey" PRIMARY KEY ("account_id","product_id","location_id","day")
);
ALTER TABLE "stock_daily_snapshots" ADD CONSTRAINT "stock_daily_snapshots_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Sales changes carry the customer of the line's order.
ALTER TABLE "sales_changes" ADD COLUMN "buyer_id" INTEGER;

CREATE OR REPLACE FUNCTION sales_add(a integer, d date, l integer, c order_channel, p integer, n integer, u numeric, gmv bigint, cost bigint, costed bigint, buyer integer) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO sales_changes (account_id, day, location_id, channel, product_id, lines, units, gmv_cents, cost_cents, costed_gmv_cents, buyer_id)
  VALUES (a, d, l, c, p, n, u, gmv, cost, costed, buyer)
$$;

DROP FUNCTION IF EXISTS sales_line_add(integer, date, integer, order_channel, order_items, integer);
CREATE OR REPLACE FUNCTION sales_line_add(a integer, d date, l integer, c order_channel, buyer integer, i order_items, sign integer) RETURNS void
  LANGUAGE sql AS $$
  SELECT sales_add(a, d, l, c, order_item_sold_product(i), sign, sign * order_item_sold_units(i), sign * i.total_cents, sign * order_item_sold_cost_cents(i),
                   CASE WHEN i.unit_cost_cents IS NULL THEN 0 ELSE sign * i.total_cents END, buyer)
   WHERE i.pick_status <> 'missing'
$$;

DROP FUNCTION IF EXISTS sales_order_add(integer, integer, date, integer, order_channel, integer);
CREATE OR REPLACE FUNCTION sales_order_add(p_order integer, a integer, d date, l integer, c order_channel, buyer integer, sign integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_add(a, d, l, c, x.product_id, sign * x.lines, sign * x.units, sign * x.gmv, sign * x.cost, sign * x.costed, buyer)
     FROM (SELECT order_item_sold_product(i) AS product_id, count(*)::int AS lines, sum(order_item_sold_units(i)) AS units,
                  sum(i.total_cents)::bigint AS gmv, sum(order_item_sold_cost_cents(i))::bigint AS cost,
                  coalesce(sum(i.total_cents) FILTER (WHERE i.unit_cost_cents IS NOT NULL), 0)::bigint AS costed
             FROM order_items i WHERE i.order_id = p_order AND i.pick_status <> 'missing'
            GROUP BY 1 ORDER BY 1) x;
END $$;

-- As before, and a brand's customer rollup from the lines (a product's brand as it is when applied).
CREATE OR REPLACE FUNCTION sales_changes_apply() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  me bigint := txid_current();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM sales_changes WHERE tx = me) THEN
    RETURN NULL;
  END IF;
  INSERT INTO sales_daily_totals AS s (account_id, day, location_id, channel, orders, orders_gmv_cents, lines, units, gmv_cents, cost_cents, costed_gmv_cents)
  SELECT account_id, day, location_id, channel, sum(orders), sum(orders_gmv_cents), sum(lines), sum(units), sum(gmv_cents), sum(cost_cents), sum(costed_gmv_cents)
    FROM sales_changes x WHERE tx = me AND EXISTS (SELECT 1 FROM accounts WHERE id = x.account_id)
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, day, location_id, channel) DO UPDATE
    SET orders = s.orders + excluded.orders, orders_gmv_cents = s.orders_gmv_cents + excluded.orders_gmv_cents,
        lines = s.lines + excluded.lines, units = s.units + excluded.units, gmv_cents = s.gmv_cents + excluded.gmv_cents,
        cost_cents = s.cost_cents + excluded.cost_cents, costed_gmv_cents = s.costed_gmv_cents + excluded.costed_gmv_cents;
  INSERT INTO sales_daily_stats AS s (account_id, day, location_id, channel, product_id, lines, units, gmv_cents, cost_cents, costed_gmv_cents)
  SELECT account_id, day, location_id, channel, product_id, sum(lines), sum(units), sum(gmv_cents), sum(cost_cents), sum(costed_gmv_cents)
    FROM sales_changes x WHERE tx = me AND product_id IS NOT NULL AND EXISTS (SELECT 1 FROM accounts WHERE id = x.account_id)
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, day, location_id, channel, product_id) DO UPDATE
    SET lines = s.lines + excluded.lines, units = s.units + excluded.units, gmv_cents = s.gmv_cents + excluded.gmv_cents,
        cost_cents = s.cost_cents + excluded.cost_cents, costed_gmv_cents = s.costed_gmv_cents + excluded.costed_gmv_cents;
  INSERT INTO sales_product_daily AS s (account_id, day, product_id, lines, units, gmv_cents, cost_cents, costed_gmv_cents)
  SELECT account_id, day, product_id, sum(lines), sum(units), sum(gmv_cents), sum(cost_cents), sum(costed_gmv_cents)
    FROM sales_changes x WHERE tx = me AND product_id IS NOT NULL AND EXISTS (SELECT 1 FROM accounts WHERE id = x.account_id)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (account_id, day, product_id) DO UPDATE
    SET lines = s.lines + excluded.lines, units = s.units + excluded.units, gmv_cents = s.gmv_cents + excluded.gmv_cents,
        cost_cents = s.cost_cents + excluded.cost_cents, costed_gmv_cents = s.costed_gmv_cents + excluded.costed_gmv_cents;
  INSERT INTO sales_brand_customer_daily AS s (account_id, brand, day, location_id, customer_id, lines, units, gmv_cents)
  SELECT x.account_id, lower(p.brand), x.day, x.location_id, x.buyer_id, sum(x.lines), sum(x.units), sum(x.gmv_cents)
    FROM sales_changes x JOIN products p ON p.id = x.product_id
   WHERE x.tx = me AND x.buyer_id IS NOT NULL AND p.brand IS NOT NULL AND EXISTS (SELECT 1 FROM accounts WHERE id = x.account_id)
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, brand, day, location_id, customer_id) DO UPDATE
    SET lines = s.lines + excluded.lines, units = s.units + excluded.units, gmv_cents = s.gmv_cents + excluded.gmv_cents;
  INSERT INTO customer_daily_stats AS s (account_id, day, location_id, channel, customer_id, orders, gmv_cents)
  SELECT account_id, day, location_id, channel, customer_id, sum(orders), sum(orders_gmv_cents)
    FROM sales_changes x WHERE tx = me AND customer_id IS NOT NULL AND EXISTS (SELECT 1 FROM accounts WHERE id = x.account_id)
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, day, location_id, channel, customer_id) DO UPDATE
    SET orders = s.orders + excluded.orders, gmv_cents = s.gmv_cents + excluded.gmv_cents;
  DELETE FROM sales_changes WHERE tx = me;
  RETURN NULL;
END $$;

-- As before; an order's lines also move when its customer changes (the brand rollup is per customer).
CREATE OR REPLACE FUNCTION orders_sales_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  od date; nd date; oc boolean; nc boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF order_counts_as_sale(NEW.status) THEN
      PERFORM customer_daily_stats_add(NEW.account_id, order_business_day(NEW.created_at), NEW.location_id, NEW.channel, NEW.customer_id, 1, NEW.total_cents);
      PERFORM sales_order_add(NEW.id, NEW.account_id, order_business_day(NEW.created_at), NEW.location_id, NEW.channel, NEW.customer_id, 1);
    END IF;
    RETURN NULL;
  END IF;
  od := order_business_day(OLD.created_at); oc := order_counts_as_sale(OLD.status);
  IF TG_OP = 'DELETE' THEN
    IF oc THEN
      PERFORM customer_daily_stats_add(OLD.account_id, od, OLD.location_id, OLD.channel, OLD.customer_id, -1, -OLD.total_cents);
      PERFORM sales_order_add(OLD.id, OLD.account_id, od, OLD.location_id, OLD.channel, OLD.customer_id, -1);
    END IF;
    RETURN OLD;
  END IF;
  nd := order_business_day(NEW.created_at); nc := order_counts_as_sale(NEW.status);
  IF (oc, OLD.account_id, od, OLD.location_id, OLD.channel, OLD.customer_id, OLD.total_cents) IS NOT DISTINCT FROM
     (nc, NEW.account_id, nd, NEW.location_id, NEW.channel, NEW.customer_id, NEW.total_cents) OR NOT (oc OR nc) THEN
    RETURN NULL; -- a step between statuses that count alike changes no figure
  END IF;
  IF oc THEN
    PERFORM customer_daily_stats_add(OLD.account_id, od, OLD.location_id, OLD.channel, OLD.customer_id, -1, -OLD.total_cents);
  END IF;
  IF nc THEN
    PERFORM customer_daily_stats_add(NEW.account_id, nd, NEW.location_id, NEW.channel, NEW.customer_id, 1, NEW.total_cents);
  END IF;
  IF (oc, OLD.account_id, od, OLD.location_id, OLD.channel, OLD.customer_id) IS DISTINCT FROM (nc, NEW.account_id, nd, NEW.location_id, NEW.channel, NEW.customer_id) THEN
    IF oc THEN
      PERFORM sales_order_add(OLD.id, OLD.account_id, od, OLD.location_id, OLD.channel, OLD.customer_id, -1);
    END IF;
    IF nc THEN
      PERFORM sales_order_add(NEW.id, NEW.account_id, nd, NEW.location_id, NEW.channel, NEW.customer_id, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION order_items_sales_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  -- An order that went first took its lines' sales along; an order that does not count has none.
  IF TG_OP <> 'INSERT' THEN
    SELECT account_id, location_id, channel, created_at, status, customer_id INTO o FROM orders WHERE id = OLD.order_id;
    IF FOUND AND order_counts_as_sale(o.status) THEN
      PERFORM sales_line_add(o.account_id, order_business_day(o.created_at), o.location_id, o.channel, o.customer_id, OLD, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT account_id, location_id, channel, created_at, status, customer_id INTO o FROM orders WHERE id = NEW.order_id;
    IF FOUND AND order_counts_as_sale(o.status) THEN
      PERFORM sales_line_add(o.account_id, order_business_day(o.created_at), o.location_id, o.channel, o.customer_id, NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- A brand's customer rollup of one account recomputed from its orders (brands folded; NULL: all of them).
CREATE OR REPLACE FUNCTION sales_brand_rebuild(p_account_id integer, p_brands text[] DEFAULT NULL) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_brand_customer_daily WHERE account_id = p_account_id AND (p_brands IS NULL OR brand = ANY(p_brands));
  INSERT INTO sales_brand_customer_daily (account_id, brand, day, location_id, customer_id, lines, units, gmv_cents)
  SELECT o.account_id, lower(p.brand), order_business_day(o.created_at), o.location_id, o.customer_id, count(*), sum(order_item_sold_units(i)), sum(i.total_cents)
    FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = order_item_sold_product(i)
   WHERE i.pick_status <> 'missing' AND order_counts_as_sale(o.status) AND o.account_id = p_account_id AND p.brand IS NOT NULL
     AND (p_brands IS NULL OR lower(p.brand) = ANY(p_brands))
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5;
END $$;

-- Products renamed into or out of a brand: both brands' rollups recomputed.
CREATE OR REPLACE FUNCTION products_brand_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT n.account_id, array_agg(DISTINCT b) FILTER (WHERE b IS NOT NULL) AS brands
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL unnest(ARRAY[lower(o.brand), lower(n.brand)]) AS b
     WHERE lower(o.brand) IS DISTINCT FROM lower(n.brand)
     GROUP BY n.account_id ORDER BY n.account_id
  LOOP
    IF r.brands IS NOT NULL THEN
      PERFORM sales_brand_rebuild(r.account_id, r.brands);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER products_brand_changed AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_brand_changed();

-- The rebuild of every sales rollup of an account recomputes the brands' too.
CREATE OR REPLACE FUNCTION sales_stats_rebuild_all(p_account_id integer DEFAULT NULL) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  a integer;
BEGIN
  PERFORM sales_stats_rebuild(p_account_id);
  FOR a IN SELECT id FROM accounts WHERE p_account_id IS NULL OR id = p_account_id ORDER BY id LOOP
    PERFORM sales_brand_rebuild(a, NULL);
  END LOOP;
END $$;

-- ---------------------------------------------------------------------------------------------
-- Stock snapshots: the day's last stock and availability, and its lowest stock (a stock-out that
-- was refilled the same day still shows).
CREATE OR REPLACE FUNCTION offers_stock_snapshot_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_daily_snapshots AS s (account_id, product_id, location_id, day, stock, available, min_stock)
  SELECT n.account_id, n.product_id, n.location_id, order_business_day(now()), n.stock, n.is_available, n.stock
    FROM new_rows n ORDER BY 1, 2, 3
  ON CONFLICT (account_id, product_id, location_id, day) DO UPDATE
    SET stock = excluded.stock, available = excluded.available, min_stock = least(s.min_stock, excluded.stock);
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION offers_stock_snapshot_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_daily_snapshots AS s (account_id, product_id, location_id, day, stock, available, min_stock)
  SELECT n.account_id, n.product_id, n.location_id, order_business_day(now()), n.stock, n.is_available, n.stock
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE (o.stock, o.is_available, o.location_id, o.product_id) IS DISTINCT FROM (n.stock, n.is_available, n.location_id, n.product_id)
   ORDER BY 1, 2, 3
  ON CONFLICT (account_id, product_id, location_id, day) DO UPDATE
    SET stock = excluded.stock, available = excluded.available, min_stock = least(s.min_stock, excluded.stock);
  RETURN NULL;
END $$;
CREATE TRIGGER offers_stock_snapshot_insert AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_stock_snapshot_insert();
CREATE TRIGGER offers_stock_snapshot_update AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_stock_snapshot_update();

-- What is there now.
INSERT INTO stock_daily_snapshots (account_id, product_id, location_id, day, stock, available, min_stock)
SELECT account_id, product_id, location_id, order_business_day(now()), stock, is_available, stock FROM offers ORDER BY 1, 2, 3;
SELECT sales_brand_rebuild(id, NULL) FROM accounts ORDER BY id;
