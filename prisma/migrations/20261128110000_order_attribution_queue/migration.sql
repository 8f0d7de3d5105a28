-- The closed loop's outbox: an order whose status changed to one that attribution hears (paid,
-- delivered, picked up, canceled, refunded), or one of whose payments was refunded, is queued in the
-- same transaction, whoever wrote it, and taken off once attribution reflects it. What a process that died after the commit never reported
-- is reported by the sweep: no sale is lost between the order and the campaigns' rollups.

-- CreateTable
CREATE TABLE "order_attribution_queue" (
    "order_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_attribution_queue_pkey" PRIMARY KEY ("order_id")
);

-- CreateIndex
CREATE INDEX "order_attribution_queue_queued_at_idx" ON "order_attribution_queue"("queued_at");

-- AddForeignKey
ALTER TABLE "order_attribution_queue" ADD CONSTRAINT "order_attribution_queue_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_attribution_queue" ADD CONSTRAINT "order_attribution_queue_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE OR REPLACE FUNCTION order_attribution_enqueue() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('paid', 'delivered', 'picked_up', 'canceled', 'refunded')
     AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) THEN
    INSERT INTO order_attribution_queue (order_id, account_id, queued_at) VALUES (NEW.id, NEW.account_id, clock_timestamp())
    ON CONFLICT (order_id) DO UPDATE SET queued_at = EXCLUDED.queued_at;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_attribution_enqueue AFTER INSERT OR UPDATE OF status ON "orders"
  FOR EACH ROW EXECUTE FUNCTION order_attribution_enqueue();

-- A refund reserved, settled or failed: the order's sale changes by it.
CREATE OR REPLACE FUNCTION order_attribution_enqueue_refund() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_attribution_queue (order_id, account_id, queued_at)
  SELECT t.order_id, t.account_id, clock_timestamp() FROM payment_transactions t WHERE t.id = NEW.transaction_id
  ON CONFLICT (order_id) DO UPDATE SET queued_at = EXCLUDED.queued_at;
  RETURN NULL;
END $$;

CREATE TRIGGER payment_refunds_attribution_enqueue AFTER INSERT OR UPDATE OF status ON "payment_refunds"
  FOR EACH ROW EXECUTE FUNCTION order_attribution_enqueue_refund();
