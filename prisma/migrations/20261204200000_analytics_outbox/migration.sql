-- The analytics engine's outbox (ANALYTICS_ENGINE=clickhouse): what the rollups of PostgreSQL count
-- also goes, in batches, exactly once, to ClickHouse.
--
-- A sink is registered (analytics_sinks) when ClickHouse is selected and its tables have been loaded
-- with everything counted so far; from then on every change the sales rollups apply (and every ad
-- event counted) is copied here in the same transaction. A shipper claims rows into a batch (committed
-- before anything is sent: the batch's rows never change), inserts the batch into ClickHouse under the
-- token `<stream>:<batch id>`, then deletes its rows. A shipper that dies after ClickHouse took the
-- batch leaves it unshipped; the next sends the same rows under the same token, which ClickHouse
-- deduplicates (its materialised views too). Without a sink nothing is copied: PostgreSQL-only
-- installations pay one look-up of an empty table per transaction.
CREATE TABLE "analytics_sinks" (
    "name" TEXT NOT NULL,
    "registered_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "analytics_sinks_pkey" PRIMARY KEY ("name")
);

CREATE TABLE "analytics_batches" (
    "id" BIGSERIAL NOT NULL,
    "stream" TEXT NOT NULL,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "shipped_at" TIMESTAMPTZ(3),
    CONSTRAINT "analytics_batches_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "analytics_batches_unshipped_idx" ON "analytics_batches"("stream", "id") WHERE "shipped_at" IS NULL;

CREATE TABLE "analytics_outbox" (
    "id" BIGSERIAL NOT NULL,
    "stream" TEXT NOT NULL,
    "row" JSONB NOT NULL,
    "batch_id" BIGINT,
    CONSTRAINT "analytics_outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "analytics_outbox_pending_idx" ON "analytics_outbox"("stream", "id") WHERE "batch_id" IS NULL;
CREATE INDEX "analytics_outbox_batch_idx" ON "analytics_outbox"("batch_id") WHERE "batch_id" IS NOT NULL;

-- The sales changes a transaction applied (sales_changes_apply deletes them once counted), folded by
-- key: a line's sale (product_id, with its order's customer as buyer_id) or an order (customer_id).
CREATE OR REPLACE FUNCTION sales_changes_to_outbox() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM analytics_sinks) THEN
    INSERT INTO analytics_outbox (stream, "row")
    SELECT 'sales', jsonb_build_object(
             'account_id', g.account_id, 'day', g.day, 'location_id', g.location_id, 'channel', g.channel,
             'product_id', coalesce(g.product_id, 0), 'customer_id', coalesce(g.customer_id, 0), 'buyer_id', coalesce(g.buyer_id, 0),
             'orders', sum(g.orders), 'orders_gmv_cents', sum(g.orders_gmv_cents)::text, 'lines', sum(g.lines), 'units', sum(g.units)::text,
             'gmv_cents', sum(g.gmv_cents)::text, 'cost_cents', sum(g.cost_cents)::text, 'costed_gmv_cents', sum(g.costed_gmv_cents)::text)
      FROM gone g
     WHERE EXISTS (SELECT 1 FROM accounts WHERE id = g.account_id)
     GROUP BY g.account_id, g.day, g.location_id, g.channel, g.product_id, g.customer_id, g.buyer_id
     ORDER BY g.account_id, g.day, g.location_id, g.channel, g.product_id, g.customer_id, g.buyer_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sales_changes_to_outbox AFTER DELETE ON "sales_changes"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION sales_changes_to_outbox();

-- Every counting sale as it stands, in the outbox's shape (what a new sink's ClickHouse is loaded with):
-- the sold lines per (day, store, channel, product, buyer) and the orders per (day, store, channel, customer).
CREATE OR REPLACE FUNCTION sales_facts_now(p_account_id integer DEFAULT NULL)
  RETURNS TABLE (account_id integer, day date, location_id integer, channel order_channel, product_id integer, customer_id integer, buyer_id integer,
                 orders bigint, orders_gmv_cents bigint, lines bigint, units numeric, gmv_cents bigint, cost_cents bigint, costed_gmv_cents bigint)
  LANGUAGE sql STABLE AS $$
  SELECT o.account_id, order_business_day(o.created_at), o.location_id, o.channel, coalesce(order_item_sold_product(i), 0), 0, coalesce(o.customer_id, 0),
         0, 0, count(*), sum(order_item_sold_units(i)), sum(i.total_cents)::bigint, sum(order_item_sold_cost_cents(i))::bigint,
         coalesce(sum(i.total_cents) FILTER (WHERE i.unit_cost_cents IS NOT NULL), 0)::bigint
    FROM order_items i JOIN orders o ON o.id = i.order_id
   WHERE i.pick_status <> 'missing' AND order_counts_as_sale(o.status) AND (p_account_id IS NULL OR o.account_id = p_account_id)
   GROUP BY 1, 2, 3, 4, 5, 7
  UNION ALL
  SELECT o.account_id, order_business_day(o.created_at), o.location_id, o.channel, 0, coalesce(o.customer_id, 0), 0,
         count(*), sum(o.total_cents)::bigint, 0, 0, 0, 0, 0
    FROM orders o
   WHERE order_counts_as_sale(o.status) AND (p_account_id IS NULL OR o.account_id = p_account_id)
   GROUP BY 1, 2, 3, 4, 6
$$;
