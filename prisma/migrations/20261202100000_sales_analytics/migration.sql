-- Issue 23: the sales rollups the grocery and industry dashboards read (never the orders themselves).
-- Triggers on "orders" and "order_items" keep them exact whoever writes; sales_stats_rebuild(account)
-- recomputes them from the raw rows. Days are São Paulo's (the order's creation day), as in
-- order_daily_stats.
--
--   sales_daily_stats     (account, day, store, channel, product): lines, units, GMV and cost of the
--                         lines sold, and the GMV of the lines whose cost is known (the margin is
--                         costed_gmv - cost: lines of products with no cost are left out of it).
--                         Category and brand are the product's (joined when read).
--   sales_daily_totals    (account, day, store, channel): the orders and their totals (GMV), and the
--                         lines sold as above, all products together: what the cards and the daily
--                         charts read (a few thousand rows for years).
--   sales_product_daily   (account, day, product): the lines sold, all stores and channels together:
--                         the top products of the whole account (the full grain serves a store or a
--                         channel).
--   customer_daily_stats  (account, day, store, channel, customer): orders and their totals.
--
-- What counts as sold: the lines of orders that are neither canceled nor refunded; a missing line
-- sells nothing; a substituted line sells its substitute; units are the picked quantity (or kg)
-- once picked, else the ordered one; GMV is the line's total (after its discount); cost is the
-- units at the unit cost the line kept when it was written (the product's cost then).

-- The catalog's cost (per unit, or per kg for weighed products), and the cost each line keeps.
ALTER TABLE "products" ADD COLUMN "cost_cents" BIGINT;
ALTER TABLE "order_items" ADD COLUMN "unit_cost_cents" BIGINT;

CREATE TABLE "sales_daily_stats" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "channel" "order_channel" NOT NULL,
    "product_id" INTEGER NOT NULL,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "units" DECIMAL(16,3) NOT NULL DEFAULT 0,
    "gmv_cents" BIGINT NOT NULL DEFAULT 0,
    "cost_cents" BIGINT NOT NULL DEFAULT 0,
    "costed_gmv_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "sales_daily_stats_pkey" PRIMARY KEY ("account_id","day","location_id","channel","product_id")
);

CREATE TABLE "sales_daily_totals" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "channel" "order_channel" NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "orders_gmv_cents" BIGINT NOT NULL DEFAULT 0,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "units" DECIMAL(16,3) NOT NULL DEFAULT 0,
    "gmv_cents" BIGINT NOT NULL DEFAULT 0,
    "cost_cents" BIGINT NOT NULL DEFAULT 0,
    "costed_gmv_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "sales_daily_totals_pkey" PRIMARY KEY ("account_id","day","location_id","channel")
);

CREATE TABLE "sales_product_daily" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "product_id" INTEGER NOT NULL,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "units" DECIMAL(16,3) NOT NULL DEFAULT 0,
    "gmv_cents" BIGINT NOT NULL DEFAULT 0,
    "cost_cents" BIGINT NOT NULL DEFAULT 0,
    "costed_gmv_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "sales_product_daily_pkey" PRIMARY KEY ("account_id","day","product_id")
);

CREATE TABLE "customer_daily_stats" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "channel" "order_channel" NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "gmv_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "customer_daily_stats_pkey" PRIMARY KEY ("account_id","day","location_id","channel","customer_id")
);

-- The top customers of a period and a customer's history.
CREATE INDEX "customer_daily_stats_customer_idx" ON "customer_daily_stats"("account_id", "customer_id", "day");
-- A product's sales over time (the industry's drill-downs go by product).
CREATE INDEX "sales_daily_stats_product_idx" ON "sales_daily_stats"("account_id", "product_id", "day");

ALTER TABLE "sales_daily_stats" ADD CONSTRAINT "sales_daily_stats_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sales_daily_totals" ADD CONSTRAINT "sales_daily_totals_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sales_product_daily" ADD CONSTRAINT "sales_product_daily_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "customer_daily_stats" ADD CONSTRAINT "customer_daily_stats_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Definitions shared by the triggers and the rebuild.

-- Whether an order in this status counts as a sale.
CREATE OR REPLACE FUNCTION order_counts_as_sale(s order_status) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT s NOT IN ('canceled', 'refunded') $$;

-- The product a line sold: its substitute when substituted, else its own (0: a product since excluded).
CREATE OR REPLACE FUNCTION order_item_sold_product(i order_items) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(CASE WHEN i.pick_status = 'substituted' THEN i.substitute_product_id END, i.product_id, 0) $$;

-- The units (kg for weighed lines) a line sold, to the gram.
CREATE OR REPLACE FUNCTION order_item_sold_units(i order_items) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN i.pick_status = 'missing' THEN 0
                    WHEN i.unit_measurement = 'kg' THEN round(coalesce(i.picked_weight, i.weight, 0)::numeric, 3)
                    ELSE coalesce(i.picked_quantity, i.quantity)::numeric END $$;

-- What the units a line sold cost.
CREATE OR REPLACE FUNCTION order_item_sold_cost_cents(i order_items) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT round(coalesce(i.unit_cost_cents, 0) * order_item_sold_units(i))::bigint $$;

-- A line keeps the cost of the product it sells when written, and again when that product changes.
CREATE OR REPLACE FUNCTION order_items_unit_cost() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.unit_cost_cents IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND order_item_sold_product(NEW) = order_item_sold_product(OLD) THEN
    RETURN NEW;
  END IF;
  SELECT p.cost_cents INTO NEW.unit_cost_cents FROM products p WHERE p.id = order_item_sold_product(NEW);
  RETURN NEW;
END $$;

-- The changes a transaction makes to the rollups wait here (plain inserts: no rollup row is locked
-- while the transaction runs) and are applied together when it commits, every rollup row in key order.
-- Concurrent orders of a store (one totals row) or of a product on a day (one row for every store)
-- then take those rows in the same order and cannot deadlock; and a transaction that aborts leaves
-- nothing.
CREATE TABLE "sales_changes" (
    "id" BIGSERIAL NOT NULL,
    "tx" BIGINT NOT NULL DEFAULT txid_current(),
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "channel" "order_channel" NOT NULL,
    -- A line's sale (product_id set) or an order (customer_id set).
    "product_id" INTEGER,
    "customer_id" INTEGER,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "orders_gmv_cents" BIGINT NOT NULL DEFAULT 0,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "units" DECIMAL(16,3) NOT NULL DEFAULT 0,
    "gmv_cents" BIGINT NOT NULL DEFAULT 0,
    "cost_cents" BIGINT NOT NULL DEFAULT 0,
    "costed_gmv_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "sales_changes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sales_changes_tx_idx" ON "sales_changes"("tx");

-- Sales of a product added (or, negative, taken away): applied at commit.
CREATE OR REPLACE FUNCTION sales_add(a integer, d date, l integer, c order_channel, p integer, n integer, u numeric, gmv bigint, cost bigint, costed bigint) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO sales_changes (account_id, day, location_id, channel, product_id, lines, units, gmv_cents, cost_cents, costed_gmv_cents)
  VALUES (a, d, l, c, p, n, u, gmv, cost, costed)
$$;

-- The transaction's changes, applied as it commits (the first call takes them all; the others find none).
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
  INSERT INTO customer_daily_stats AS s (account_id, day, location_id, channel, customer_id, orders, gmv_cents)
  SELECT account_id, day, location_id, channel, customer_id, sum(orders), sum(orders_gmv_cents)
    FROM sales_changes x WHERE tx = me AND customer_id IS NOT NULL AND EXISTS (SELECT 1 FROM accounts WHERE id = x.account_id)
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, day, location_id, channel, customer_id) DO UPDATE
    SET orders = s.orders + excluded.orders, gmv_cents = s.gmv_cents + excluded.gmv_cents;
  DELETE FROM sales_changes WHERE tx = me;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER sales_changes_apply AFTER INSERT ON "sales_changes"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION sales_changes_apply();

-- A line's sale counted (sign 1) or taken away (-1) in its order's (day, store, channel).
CREATE OR REPLACE FUNCTION sales_line_add(a integer, d date, l integer, c order_channel, i order_items, sign integer) RETURNS void
  LANGUAGE sql AS $$
  SELECT sales_add(a, d, l, c, order_item_sold_product(i), sign, sign * order_item_sold_units(i), sign * i.total_cents, sign * order_item_sold_cost_cents(i),
                   CASE WHEN i.unit_cost_cents IS NULL THEN 0 ELSE sign * i.total_cents END)
   WHERE i.pick_status <> 'missing'
$$;

-- Every line of an order counted or taken away at once (an order that starts or stops counting, or moves).
CREATE OR REPLACE FUNCTION sales_order_add(p_order integer, a integer, d date, l integer, c order_channel, sign integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_add(a, d, l, c, x.product_id, sign * x.lines, sign * x.units, sign * x.gmv, sign * x.cost, sign * x.costed)
     FROM (SELECT order_item_sold_product(i) AS product_id, count(*)::int AS lines, sum(order_item_sold_units(i)) AS units,
                  sum(i.total_cents)::bigint AS gmv, sum(order_item_sold_cost_cents(i))::bigint AS cost,
                  coalesce(sum(i.total_cents) FILTER (WHERE i.unit_cost_cents IS NOT NULL), 0)::bigint AS costed
             FROM order_items i WHERE i.order_id = p_order AND i.pick_status <> 'missing'
            GROUP BY 1 ORDER BY 1) x;
END $$;

-- An order counted (n 1) or taken away (-1) in its customer's day and in the day's totals: applied at commit.
CREATE OR REPLACE FUNCTION customer_daily_stats_add(a integer, d date, l integer, c order_channel, cu integer, n integer, cents bigint) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO sales_changes (account_id, day, location_id, channel, customer_id, orders, orders_gmv_cents)
  VALUES (a, d, l, c, cu, n, cents)
$$;

-- ---------------------------------------------------------------------------------------------
-- Triggers.

-- An order that counts adds itself to its customer's day; when it changes, what it added goes and
-- what it adds now comes; its lines follow when it starts or stops counting or moves.
CREATE OR REPLACE FUNCTION orders_sales_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  od date; nd date; oc boolean; nc boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF order_counts_as_sale(NEW.status) THEN
      PERFORM customer_daily_stats_add(NEW.account_id, order_business_day(NEW.created_at), NEW.location_id, NEW.channel, NEW.customer_id, 1, NEW.total_cents);
      PERFORM sales_order_add(NEW.id, NEW.account_id, order_business_day(NEW.created_at), NEW.location_id, NEW.channel, 1);
    END IF;
    RETURN NULL;
  END IF;
  od := order_business_day(OLD.created_at); oc := order_counts_as_sale(OLD.status);
  IF TG_OP = 'DELETE' THEN
    IF oc THEN
      PERFORM customer_daily_stats_add(OLD.account_id, od, OLD.location_id, OLD.channel, OLD.customer_id, -1, -OLD.total_cents);
      PERFORM sales_order_add(OLD.id, OLD.account_id, od, OLD.location_id, OLD.channel, -1);
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
  IF (oc, OLD.account_id, od, OLD.location_id, OLD.channel) IS DISTINCT FROM (nc, NEW.account_id, nd, NEW.location_id, NEW.channel) THEN
    IF oc THEN
      PERFORM sales_order_add(OLD.id, OLD.account_id, od, OLD.location_id, OLD.channel, -1);
    END IF;
    IF nc THEN
      PERFORM sales_order_add(NEW.id, NEW.account_id, nd, NEW.location_id, NEW.channel, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- A line's sale, when its order counts (a line moved to another order leaves the first one's).
CREATE OR REPLACE FUNCTION order_items_sales_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  -- An order that went first took its lines' sales along; an order that does not count has none.
  IF TG_OP <> 'INSERT' THEN
    SELECT account_id, location_id, channel, created_at, status INTO o FROM orders WHERE id = OLD.order_id;
    IF FOUND AND order_counts_as_sale(o.status) THEN
      PERFORM sales_line_add(o.account_id, order_business_day(o.created_at), o.location_id, o.channel, OLD, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT account_id, location_id, channel, created_at, status INTO o FROM orders WHERE id = NEW.order_id;
    IF FOUND AND order_counts_as_sale(o.status) THEN
      PERFORM sales_line_add(o.account_id, order_business_day(o.created_at), o.location_id, o.channel, NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_unit_cost BEFORE INSERT OR UPDATE OF product_id, substitute_product_id, pick_status ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION order_items_unit_cost();

CREATE TRIGGER orders_sales_stats_insert AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_sales_stats();
CREATE TRIGGER orders_sales_stats_update AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
                     OR OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.channel IS DISTINCT FROM NEW.channel
                     OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
                     OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION orders_sales_stats();
-- Before the order goes: its lines go after it, when it can no longer be read.
CREATE TRIGGER orders_sales_stats_delete BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_sales_stats();

CREATE TRIGGER order_items_sales_stats_write AFTER INSERT OR DELETE ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION order_items_sales_stats();
CREATE TRIGGER order_items_sales_stats_update AFTER UPDATE ON "order_items"
  FOR EACH ROW WHEN (OLD.pick_status IS DISTINCT FROM NEW.pick_status OR OLD.product_id IS DISTINCT FROM NEW.product_id
                     OR OLD.substitute_product_id IS DISTINCT FROM NEW.substitute_product_id OR OLD.quantity IS DISTINCT FROM NEW.quantity
                     OR OLD.weight IS DISTINCT FROM NEW.weight OR OLD.picked_quantity IS DISTINCT FROM NEW.picked_quantity
                     OR OLD.picked_weight IS DISTINCT FROM NEW.picked_weight OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
                     OR OLD.unit_cost_cents IS DISTINCT FROM NEW.unit_cost_cents OR OLD.unit_measurement IS DISTINCT FROM NEW.unit_measurement
                     OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION order_items_sales_stats();

-- ---------------------------------------------------------------------------------------------
-- The sales rollups of one account (NULL: every account) rebuilt from its orders, as the triggers
-- would have left them (rows of zeros aside). Run it while nothing else writes that account's orders.
-- Rows go in by day, as the triggers append them day after day: a period's rows lie together (read in
-- a few pages, not one page a row).
CREATE OR REPLACE FUNCTION sales_stats_rebuild(p_account_id integer DEFAULT NULL) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_daily_stats WHERE p_account_id IS NULL OR account_id = p_account_id;
  INSERT INTO sales_daily_stats (account_id, day, location_id, channel, product_id, lines, units, gmv_cents, cost_cents, costed_gmv_cents)
  SELECT o.account_id, order_business_day(o.created_at), o.location_id, o.channel, order_item_sold_product(i), count(*),
         sum(order_item_sold_units(i)), sum(i.total_cents), sum(order_item_sold_cost_cents(i)),
         coalesce(sum(i.total_cents) FILTER (WHERE i.unit_cost_cents IS NOT NULL), 0)
    FROM order_items i JOIN orders o ON o.id = i.order_id
   WHERE i.pick_status <> 'missing' AND order_counts_as_sale(o.status) AND (p_account_id IS NULL OR o.account_id = p_account_id)
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5;

  DELETE FROM sales_product_daily WHERE p_account_id IS NULL OR account_id = p_account_id;
  INSERT INTO sales_product_daily (account_id, day, product_id, lines, units, gmv_cents, cost_cents, costed_gmv_cents)
  SELECT account_id, day, product_id, sum(lines), sum(units), sum(gmv_cents), sum(cost_cents), sum(costed_gmv_cents)
    FROM sales_daily_stats
   WHERE p_account_id IS NULL OR account_id = p_account_id
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3;

  DELETE FROM customer_daily_stats WHERE p_account_id IS NULL OR account_id = p_account_id;
  INSERT INTO customer_daily_stats (account_id, day, location_id, channel, customer_id, orders, gmv_cents)
  SELECT o.account_id, order_business_day(o.created_at), o.location_id, o.channel, o.customer_id, count(*), sum(o.total_cents)
    FROM orders o
   WHERE order_counts_as_sale(o.status) AND (p_account_id IS NULL OR o.account_id = p_account_id)
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5;

  DELETE FROM sales_daily_totals WHERE p_account_id IS NULL OR account_id = p_account_id;
  INSERT INTO sales_daily_totals (account_id, day, location_id, channel, orders, orders_gmv_cents, lines, units, gmv_cents, cost_cents, costed_gmv_cents)
  SELECT account_id, day, location_id, channel, sum(orders), sum(orders_gmv), sum(lines), sum(units), sum(gmv), sum(cost), sum(costed)
    FROM (SELECT account_id, day, location_id, channel, 0 AS orders, 0 AS orders_gmv, lines, units, gmv_cents AS gmv, cost_cents AS cost, costed_gmv_cents AS costed
            FROM sales_daily_stats WHERE p_account_id IS NULL OR account_id = p_account_id
          UNION ALL
          SELECT account_id, day, location_id, channel, orders, gmv_cents, 0, 0, 0, 0, 0
            FROM customer_daily_stats WHERE p_account_id IS NULL OR account_id = p_account_id) x
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4;
END $$;

-- The orders already there (no product had a cost yet).
SELECT sales_stats_rebuild(NULL);
