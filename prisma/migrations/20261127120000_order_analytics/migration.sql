-- Issue 21: the orders dashboards (spec §2 /orders/orders-dashboard/, picking-dashboard/, rupture-dashboard/)
-- read rollups, never the orders themselves. Triggers on "orders" and "order_items" keep the rollups
-- exact whoever writes (the API, imports, seeds, raw SQL); order_stats_rebuild(account) rebuilds them
-- from scratch (after a bulk COPY with the triggers disabled). Days are São Paulo's.
--
--   order_daily_stats       (account, creation day, store, channel, status group): orders, total, paid orders.
--                           GMV = sum of "orders".total_cents of orders whose status is not canceled or refunded.
--   order_item_daily_stats  (account, day the line was picked, store, product): decided lines, missing ones (rupture).
--   order_pick_facts        per order, what it adds to order_picking_stats (so a change takes away exactly that).
--   order_picking_stats     (account, work day, store, fulfilment, operator): picking time, lines per operator,
--                           orders due by a window and whether they were ready by its start.

-- The operator who picked each line (order-operations.ts takes it as `operator_id`).
ALTER TABLE "order_items" ADD COLUMN "picked_by_operator_id" INTEGER;

-- CreateTable
CREATE TABLE "order_daily_stats" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "channel" "order_channel" NOT NULL,
    "status_group" TEXT NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "total_cents" BIGINT NOT NULL DEFAULT 0,
    "paid_orders" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "order_daily_stats_pkey" PRIMARY KEY ("account_id","day","location_id","channel","status_group")
);

CREATE TABLE "order_item_daily_stats" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "picked_lines" INTEGER NOT NULL DEFAULT 0,
    "missing_lines" INTEGER NOT NULL DEFAULT 0,
    "substituted_lines" INTEGER NOT NULL DEFAULT 0,
    "missing_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "order_item_daily_stats_pkey" PRIMARY KEY ("account_id","day","location_id","product_id")
);

CREATE TABLE "order_picking_stats" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "fulfilment" "fulfilment" NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "picked_orders" INTEGER NOT NULL DEFAULT 0,
    "pick_seconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "missing_lines" INTEGER NOT NULL DEFAULT 0,
    "substituted_lines" INTEGER NOT NULL DEFAULT 0,
    "due_orders" INTEGER NOT NULL DEFAULT 0,
    "on_time_orders" INTEGER NOT NULL DEFAULT 0,
    "late_orders" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "order_picking_stats_pkey" PRIMARY KEY ("account_id","day","location_id","fulfilment","operator_id")
);

CREATE TABLE "order_pick_facts" (
    "order_id" INTEGER NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "fulfilment" "fulfilment" NOT NULL,
    "picked_orders" INTEGER NOT NULL DEFAULT 0,
    "pick_seconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "missing_lines" INTEGER NOT NULL DEFAULT 0,
    "substituted_lines" INTEGER NOT NULL DEFAULT 0,
    "due_orders" INTEGER NOT NULL DEFAULT 0,
    "on_time_orders" INTEGER NOT NULL DEFAULT 0,
    "late_orders" INTEGER NOT NULL DEFAULT 0,
    "deadline" TIMESTAMPTZ(3),

    CONSTRAINT "order_pick_facts_pkey" PRIMARY KEY ("order_id","operator_id")
);

-- CreateIndex
-- The late orders' list and the orders still not ready: the few rows of the period with a window
-- (due), not ready on time; the rebuild deletes an account's rows by its prefix.
CREATE INDEX "order_pick_facts_late_idx" ON "order_pick_facts"("account_id", "due_orders", "on_time_orders", "late_orders", "day");

-- AddForeignKey
ALTER TABLE "order_daily_stats" ADD CONSTRAINT "order_daily_stats_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "order_item_daily_stats" ADD CONSTRAINT "order_item_daily_stats_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "order_picking_stats" ADD CONSTRAINT "order_picking_stats_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "order_pick_facts" ADD CONSTRAINT "order_pick_facts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Definitions shared by the triggers and the rebuild.

-- The São Paulo calendar day of an instant.
CREATE OR REPLACE FUNCTION order_business_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (at AT TIME ZONE 'America/Sao_Paulo')::date $$;

-- open: not paid yet; in_progress: paid and in the store or on its way; completed: delivered or picked
-- up; canceled; refunded. GMV counts every group but the last two.
CREATE OR REPLACE FUNCTION order_status_group(s order_status) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN s IN ('created', 'payment_pending') THEN 'open'
    WHEN s IN ('delivered', 'picked_up') THEN 'completed'
    WHEN s = 'canceled' THEN 'canceled'
    WHEN s = 'refunded' THEN 'refunded'
    ELSE 'in_progress' END $$;

-- What a missing line would have cost: its quantity (or weight) at its unit price.
CREATE OR REPLACE FUNCTION order_item_value_cents(unit_measurement text, unit_price_cents bigint, quantity integer, weight double precision) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN unit_measurement = 'kg' THEN round(unit_price_cents * coalesce(weight, 0))::bigint ELSE unit_price_cents * quantity END $$;

-- An order's picking contribution (operator_id -1: the order itself; 0: its lines picked by no named
-- operator; else that operator's lines and share of the picking time). The work day is the booked
-- window's date, else the creation day. Picked: picking started and finished and the order is past
-- it (not back in picking). Due: a window booked and not canceled or refunded; on time when ready
-- (ready_at) by the window's start, late when after it.
CREATE OR REPLACE VIEW "order_pick_facts_source" AS
SELECT o.id AS order_id, -1 AS operator_id, o.account_id,
       coalesce(o.slot_date::date, order_business_day(o.created_at)) AS day,
       o.location_id, o.fulfilment,
       p.picked::int AS picked_orders,
       CASE WHEN p.picked THEN greatest(extract(epoch FROM o.picked_at - o.picking_started_at), 0)::float8 ELSE 0 END AS pick_seconds,
       CASE WHEN p.picked THEN li.lines ELSE 0 END AS lines,
       CASE WHEN p.picked THEN li.missing ELSE 0 END AS missing_lines,
       CASE WHEN p.picked THEN li.substituted ELSE 0 END AS substituted_lines,
       p.due::int AS due_orders,
       (p.due AND o.ready_at IS NOT NULL AND d.deadline IS NOT NULL AND o.ready_at <= d.deadline)::int AS on_time_orders,
       (p.due AND o.ready_at IS NOT NULL AND d.deadline IS NOT NULL AND o.ready_at > d.deadline)::int AS late_orders,
       CASE WHEN p.due THEN d.deadline END AS deadline
  FROM orders o
  CROSS JOIN LATERAL (SELECT
       (o.picked_at IS NOT NULL AND o.picking_started_at IS NOT NULL AND o.status NOT IN ('created', 'payment_pending', 'paid', 'picking')) AS picked,
       (o.slot_id IS NOT NULL AND o.slot_date IS NOT NULL AND o.status NOT IN ('canceled', 'refunded')) AS due) p
  LEFT JOIN LATERAL (SELECT ((o.slot_date::date + make_interval(mins => s.start_minute))::timestamp AT TIME ZONE 'America/Sao_Paulo') AS deadline
                       FROM slots s WHERE s.id = o.slot_id) d ON true
  LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE i.pick_status <> 'pending')::int AS lines,
                            count(*) FILTER (WHERE i.pick_status = 'missing')::int AS missing,
                            count(*) FILTER (WHERE i.pick_status = 'substituted')::int AS substituted
                       FROM order_items i WHERE i.order_id = o.id) li ON p.picked
 WHERE p.picked OR p.due
UNION ALL
SELECT o.id, coalesce(i.picked_by_operator_id, 0), o.account_id,
       coalesce(o.slot_date::date, order_business_day(o.created_at)),
       o.location_id, o.fulfilment,
       0,
       greatest(extract(epoch FROM o.picked_at - o.picking_started_at), 0)::float8 * count(*)
         / (SELECT count(*) FROM order_items x WHERE x.order_id = o.id AND x.pick_status <> 'pending'),
       count(*)::int,
       count(*) FILTER (WHERE i.pick_status = 'missing')::int,
       count(*) FILTER (WHERE i.pick_status = 'substituted')::int,
       0, 0, 0, NULL::timestamptz
  FROM orders o JOIN order_items i ON i.order_id = o.id AND i.pick_status <> 'pending'
 WHERE o.picked_at IS NOT NULL AND o.picking_started_at IS NOT NULL AND o.status NOT IN ('created', 'payment_pending', 'paid', 'picking')
 GROUP BY o.id, coalesce(i.picked_by_operator_id, 0);

-- ---------------------------------------------------------------------------------------------
-- Upserts. An account being deleted (its orders going with it) has nothing left to count.

CREATE OR REPLACE FUNCTION order_daily_stats_add(a integer, d date, l integer, c order_channel, g text, n integer, cents bigint, paid integer) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO order_daily_stats AS s (account_id, day, location_id, channel, status_group, orders, total_cents, paid_orders)
  SELECT a, d, l, c, g, n, cents, paid WHERE EXISTS (SELECT 1 FROM accounts WHERE id = a)
  ON CONFLICT (account_id, day, location_id, channel, status_group) DO UPDATE
    SET orders = s.orders + excluded.orders, total_cents = s.total_cents + excluded.total_cents, paid_orders = s.paid_orders + excluded.paid_orders
$$;

-- A decided line (picked, substituted or missing) counted (sign 1) or taken away (-1).
CREATE OR REPLACE FUNCTION order_item_stats_add(a integer, l integer, fallback timestamptz, i order_items, sign integer) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO order_item_daily_stats AS s (account_id, day, location_id, product_id, picked_lines, missing_lines, substituted_lines, missing_cents)
  SELECT a, order_business_day(coalesce(i.picked_at, fallback)), l, coalesce(i.product_id, 0), sign,
         sign * (i.pick_status = 'missing')::int, sign * (i.pick_status = 'substituted')::int,
         CASE WHEN i.pick_status = 'missing' THEN sign * order_item_value_cents(i.unit_measurement, i.unit_price_cents, i.quantity, i.weight) ELSE 0 END
   WHERE i.pick_status <> 'pending' AND EXISTS (SELECT 1 FROM accounts WHERE id = a)
  ON CONFLICT (account_id, day, location_id, product_id) DO UPDATE
    SET picked_lines = s.picked_lines + excluded.picked_lines, missing_lines = s.missing_lines + excluded.missing_lines,
        substituted_lines = s.substituted_lines + excluded.substituted_lines, missing_cents = s.missing_cents + excluded.missing_cents
$$;

-- Every decided line of an order counted or taken away at once (an order that moves or goes).
CREATE OR REPLACE FUNCTION order_item_stats_all(p_order integer, a integer, l integer, fallback timestamptz, sign integer) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO order_item_daily_stats AS s (account_id, day, location_id, product_id, picked_lines, missing_lines, substituted_lines, missing_cents)
  SELECT a, order_business_day(coalesce(i.picked_at, fallback)) AS day, l, coalesce(i.product_id, 0) AS product_id, sign * count(*),
         sign * count(*) FILTER (WHERE i.pick_status = 'missing'), sign * count(*) FILTER (WHERE i.pick_status = 'substituted'),
         sign * coalesce(sum(order_item_value_cents(i.unit_measurement, i.unit_price_cents, i.quantity, i.weight)) FILTER (WHERE i.pick_status = 'missing'), 0)
    FROM order_items i
   WHERE i.order_id = p_order AND i.pick_status <> 'pending' AND EXISTS (SELECT 1 FROM accounts WHERE id = a)
   GROUP BY 2, 4
   ORDER BY 2, 4
  ON CONFLICT (account_id, day, location_id, product_id) DO UPDATE
    SET picked_lines = s.picked_lines + excluded.picked_lines, missing_lines = s.missing_lines + excluded.missing_lines,
        substituted_lines = s.substituted_lines + excluded.substituted_lines, missing_cents = s.missing_cents + excluded.missing_cents
$$;

-- Takes away what an order added to order_picking_stats, and forgets it.
CREATE OR REPLACE FUNCTION order_pick_forget(p_order integer) RETURNS void
  LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM order_pick_facts WHERE order_id = p_order RETURNING *)
  INSERT INTO order_picking_stats AS s (account_id, day, location_id, fulfilment, operator_id, picked_orders, pick_seconds, lines, missing_lines,
                                        substituted_lines, due_orders, on_time_orders, late_orders)
  SELECT account_id, day, location_id, fulfilment, operator_id, -picked_orders, -pick_seconds, -lines, -missing_lines,
         -substituted_lines, -due_orders, -on_time_orders, -late_orders
    FROM gone WHERE EXISTS (SELECT 1 FROM accounts WHERE id = gone.account_id)
   ORDER BY account_id, day, location_id, fulfilment, operator_id
  ON CONFLICT (account_id, day, location_id, fulfilment, operator_id) DO UPDATE
    SET picked_orders = s.picked_orders + excluded.picked_orders, pick_seconds = s.pick_seconds + excluded.pick_seconds,
        lines = s.lines + excluded.lines, missing_lines = s.missing_lines + excluded.missing_lines,
        substituted_lines = s.substituted_lines + excluded.substituted_lines, due_orders = s.due_orders + excluded.due_orders,
        on_time_orders = s.on_time_orders + excluded.on_time_orders, late_orders = s.late_orders + excluded.late_orders
$$;

-- Recounts one order's picking: what it added goes, what it adds now comes (and is remembered).
CREATE OR REPLACE FUNCTION order_pick_refresh(p_order integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_pick_forget(p_order);
  WITH fresh AS (
    INSERT INTO order_pick_facts SELECT * FROM order_pick_facts_source f
     WHERE f.order_id = p_order AND EXISTS (SELECT 1 FROM accounts WHERE id = f.account_id) RETURNING *)
  INSERT INTO order_picking_stats AS s (account_id, day, location_id, fulfilment, operator_id, picked_orders, pick_seconds, lines, missing_lines,
                                        substituted_lines, due_orders, on_time_orders, late_orders)
  SELECT account_id, day, location_id, fulfilment, operator_id, picked_orders, pick_seconds, lines, missing_lines,
         substituted_lines, due_orders, on_time_orders, late_orders
    FROM fresh
   ORDER BY account_id, day, location_id, fulfilment, operator_id
  ON CONFLICT (account_id, day, location_id, fulfilment, operator_id) DO UPDATE
    SET picked_orders = s.picked_orders + excluded.picked_orders, pick_seconds = s.pick_seconds + excluded.pick_seconds,
        lines = s.lines + excluded.lines, missing_lines = s.missing_lines + excluded.missing_lines,
        substituted_lines = s.substituted_lines + excluded.substituted_lines, due_orders = s.due_orders + excluded.due_orders,
        on_time_orders = s.on_time_orders + excluded.on_time_orders, late_orders = s.late_orders + excluded.late_orders;
END $$;

-- ---------------------------------------------------------------------------------------------
-- Triggers.

-- An order counted in its (day, store, channel, status group): a change of status moves it from
-- one group to the other (two rows of one statement, in key order); a change of total adjusts it.
CREATE OR REPLACE FUNCTION orders_daily_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  od date; nd date; og text; ng text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_daily_stats_add(NEW.account_id, order_business_day(NEW.created_at), NEW.location_id, NEW.channel, order_status_group(NEW.status),
                                  1, NEW.total_cents, (NEW.paid_at IS NOT NULL)::int);
    RETURN NULL;
  END IF;
  od := order_business_day(OLD.created_at); og := order_status_group(OLD.status);
  IF TG_OP = 'DELETE' THEN
    PERFORM order_daily_stats_add(OLD.account_id, od, OLD.location_id, OLD.channel, og, -1, -OLD.total_cents, -(OLD.paid_at IS NOT NULL)::int);
    RETURN NULL;
  END IF;
  nd := order_business_day(NEW.created_at); ng := order_status_group(NEW.status);
  IF (OLD.account_id, od, OLD.location_id, OLD.channel, og) = (NEW.account_id, nd, NEW.location_id, NEW.channel, ng) THEN
    PERFORM order_daily_stats_add(NEW.account_id, nd, NEW.location_id, NEW.channel, ng, 0, NEW.total_cents - OLD.total_cents,
                                  (NEW.paid_at IS NOT NULL)::int - (OLD.paid_at IS NOT NULL)::int);
  ELSE
    INSERT INTO order_daily_stats AS s (account_id, day, location_id, channel, status_group, orders, total_cents, paid_orders)
    SELECT v.* FROM (VALUES (OLD.account_id, od, OLD.location_id, OLD.channel, og, -1, -OLD.total_cents, -(OLD.paid_at IS NOT NULL)::int),
                            (NEW.account_id, nd, NEW.location_id, NEW.channel, ng, 1, NEW.total_cents, (NEW.paid_at IS NOT NULL)::int))
           AS v(account_id, day, location_id, channel, status_group, orders, total_cents, paid_orders)
     WHERE EXISTS (SELECT 1 FROM accounts WHERE id = v.account_id)
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, day, location_id, channel, status_group) DO UPDATE
      SET orders = s.orders + excluded.orders, total_cents = s.total_cents + excluded.total_cents, paid_orders = s.paid_orders + excluded.paid_orders;
  END IF;
  RETURN NULL;
END $$;

-- An order's picking recounted when what it depends on changes.
CREATE OR REPLACE FUNCTION orders_pick_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_pick_refresh(NEW.id);
  RETURN NULL;
END $$;

-- An order that moves to another store or account (or creation day) takes its lines' counts along.
CREATE OR REPLACE FUNCTION orders_item_stats_move() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_item_stats_all(OLD.id, OLD.account_id, OLD.location_id, OLD.created_at, -1);
  PERFORM order_item_stats_all(NEW.id, NEW.account_id, NEW.location_id, NEW.created_at, 1);
  RETURN NULL;
END $$;

-- Before an order goes (its lines go with it, after it, when it can no longer be read): its lines'
-- counts and its picking are taken away.
CREATE OR REPLACE FUNCTION orders_stats_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_item_stats_all(OLD.id, OLD.account_id, OLD.location_id, OLD.created_at, -1);
  PERFORM order_pick_forget(OLD.id);
  RETURN OLD;
END $$;

-- A line's rupture counts, and its order's picking when the order is past picking.
CREATE OR REPLACE FUNCTION order_items_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT id, account_id, location_id, created_at, status, picked_at, picking_started_at INTO o
    FROM orders WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
  IF NOT FOUND THEN
    RETURN NULL; -- its order went first: orders_stats_delete took the counts away
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM order_item_stats_add(o.account_id, o.location_id, o.created_at, OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM order_item_stats_add(o.account_id, o.location_id, o.created_at, NEW, 1);
  END IF;
  IF o.picked_at IS NOT NULL AND o.picking_started_at IS NOT NULL AND o.status NOT IN ('created', 'payment_pending', 'paid', 'picking') THEN
    PERFORM order_pick_refresh(o.id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_daily_stats_write AFTER INSERT OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_daily_stats();
CREATE TRIGGER orders_daily_stats_update AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
                     OR OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.location_id IS DISTINCT FROM NEW.location_id
                     OR OLD.channel IS DISTINCT FROM NEW.channel OR OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION orders_daily_stats();

CREATE TRIGGER orders_pick_stats_insert AFTER INSERT ON "orders"
  FOR EACH ROW WHEN (NEW.slot_id IS NOT NULL OR NEW.picked_at IS NOT NULL)
  EXECUTE FUNCTION orders_pick_stats();
CREATE TRIGGER orders_pick_stats_update AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.picked_at IS DISTINCT FROM NEW.picked_at
                     OR OLD.picking_started_at IS DISTINCT FROM NEW.picking_started_at OR OLD.ready_at IS DISTINCT FROM NEW.ready_at
                     OR OLD.slot_id IS DISTINCT FROM NEW.slot_id OR OLD.slot_date IS DISTINCT FROM NEW.slot_date
                     OR OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.fulfilment IS DISTINCT FROM NEW.fulfilment
                     OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION orders_pick_stats();

CREATE TRIGGER orders_item_stats_move AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.account_id IS DISTINCT FROM NEW.account_id
                     OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION orders_item_stats_move();

CREATE TRIGGER orders_stats_delete BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_stats_delete();

CREATE TRIGGER order_items_stats_write AFTER INSERT OR DELETE ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION order_items_stats();
CREATE TRIGGER order_items_stats_update AFTER UPDATE ON "order_items"
  FOR EACH ROW WHEN (OLD.pick_status IS DISTINCT FROM NEW.pick_status OR OLD.picked_by_operator_id IS DISTINCT FROM NEW.picked_by_operator_id
                     OR OLD.picked_at IS DISTINCT FROM NEW.picked_at OR OLD.product_id IS DISTINCT FROM NEW.product_id
                     OR OLD.unit_price_cents IS DISTINCT FROM NEW.unit_price_cents OR OLD.quantity IS DISTINCT FROM NEW.quantity
                     OR OLD.weight IS DISTINCT FROM NEW.weight OR OLD.unit_measurement IS DISTINCT FROM NEW.unit_measurement
                     OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION order_items_stats();

-- ---------------------------------------------------------------------------------------------
-- The rollups of one account (NULL: every account) rebuilt from its orders, as the triggers would
-- have left them. For a bulk load: COPY with the triggers disabled
-- (ALTER TABLE orders DISABLE TRIGGER USER; … ENABLE), then SELECT order_stats_rebuild(account_id).
-- Run it while nothing else writes that account's orders.
CREATE OR REPLACE FUNCTION order_stats_rebuild(p_account_id integer DEFAULT NULL) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_daily_stats WHERE p_account_id IS NULL OR account_id = p_account_id;
  INSERT INTO order_daily_stats (account_id, day, location_id, channel, status_group, orders, total_cents, paid_orders)
  SELECT o.account_id, order_business_day(o.created_at), o.location_id, o.channel, order_status_group(o.status),
         count(*), sum(o.total_cents), count(o.paid_at)
    FROM orders o
   WHERE p_account_id IS NULL OR o.account_id = p_account_id
   GROUP BY 1, 2, 3, 4, 5;

  DELETE FROM order_item_daily_stats WHERE p_account_id IS NULL OR account_id = p_account_id;
  INSERT INTO order_item_daily_stats (account_id, day, location_id, product_id, picked_lines, missing_lines, substituted_lines, missing_cents)
  SELECT o.account_id, order_business_day(coalesce(i.picked_at, o.created_at)), o.location_id, coalesce(i.product_id, 0), count(*),
         count(*) FILTER (WHERE i.pick_status = 'missing'), count(*) FILTER (WHERE i.pick_status = 'substituted'),
         coalesce(sum(order_item_value_cents(i.unit_measurement, i.unit_price_cents, i.quantity, i.weight)) FILTER (WHERE i.pick_status = 'missing'), 0)
    FROM order_items i JOIN orders o ON o.id = i.order_id
   WHERE i.pick_status <> 'pending' AND (p_account_id IS NULL OR o.account_id = p_account_id)
   GROUP BY 1, 2, 3, 4;

  DELETE FROM order_pick_facts WHERE p_account_id IS NULL OR account_id = p_account_id;
  INSERT INTO order_pick_facts SELECT * FROM order_pick_facts_source f WHERE p_account_id IS NULL OR f.account_id = p_account_id;

  DELETE FROM order_picking_stats WHERE p_account_id IS NULL OR account_id = p_account_id;
  INSERT INTO order_picking_stats (account_id, day, location_id, fulfilment, operator_id, picked_orders, pick_seconds, lines, missing_lines,
                                   substituted_lines, due_orders, on_time_orders, late_orders)
  SELECT account_id, day, location_id, fulfilment, operator_id, sum(picked_orders), sum(pick_seconds), sum(lines), sum(missing_lines),
         sum(substituted_lines), sum(due_orders), sum(on_time_orders), sum(late_orders)
    FROM order_pick_facts
   WHERE p_account_id IS NULL OR account_id = p_account_id
   GROUP BY 1, 2, 3, 4, 5;
END $$;
