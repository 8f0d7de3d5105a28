-- The delivery hub: couriers' deliveries of orders (through a provider, the local simulator by
-- default), their timeline, the providers' webhook events (once each) and the dashboard's daily rollup.

-- CreateTable
CREATE TABLE "deliveries" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "order_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "region_id" INTEGER,
    "region_name" TEXT,
    "provider" TEXT NOT NULL,
    "provider_reference" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "active_order_id" INTEGER,
    "courier_name" TEXT,
    "courier_vehicle" TEXT,
    "fee_cents" BIGINT NOT NULL DEFAULT 0,
    "distance_meters" INTEGER NOT NULL DEFAULT 0,
    "eta_at" TIMESTAMPTZ(3),
    "slot_start_at" TIMESTAMPTZ(3),
    "slot_end_at" TIMESTAMPTZ(3),
    "day" DATE NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "courier_assigned_at" TIMESTAMPTZ(3),
    "picked_up_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "failure_reason" TEXT,
    "cancel_reason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deliveries_status_check" CHECK ("status" IN ('requested', 'courier_assigned', 'picked_up', 'delivered', 'failed', 'returned', 'canceled')),
    CONSTRAINT "deliveries_active_order_check" CHECK (("active_order_id" IS NOT NULL) = ("status" IN ('requested', 'courier_assigned', 'picked_up')))
);

-- CreateTable
CREATE TABLE "delivery_events" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "note" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "delivery_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery_webhook_events" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "delivery_webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery_daily_stats" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "location_id" INTEGER NOT NULL,
    "region_id" INTEGER NOT NULL DEFAULT 0,
    "region_name" TEXT NOT NULL DEFAULT '',
    "courier_name" TEXT NOT NULL DEFAULT '',
    "courier_vehicle" TEXT NOT NULL DEFAULT '',
    "deliveries" INTEGER NOT NULL DEFAULT 0,
    "delivered" INTEGER NOT NULL DEFAULT 0,
    "on_time" INTEGER NOT NULL DEFAULT 0,
    "with_window" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "canceled" INTEGER NOT NULL DEFAULT 0,
    "delivery_seconds" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "delivery_daily_stats_pkey" PRIMARY KEY ("account_id","day","location_id","region_id","courier_name")
);

-- CreateIndex
CREATE UNIQUE INDEX "deliveries_provider_provider_reference_key" ON "deliveries"("provider", "provider_reference");
CREATE INDEX "deliveries_account_id_order_id_idx" ON "deliveries"("account_id", "order_id");
-- One delivery under way per order: active_order_id is the order's id until the delivery ends, then NULL.
CREATE UNIQUE INDEX "deliveries_active_order_id_key" ON "deliveries"("active_order_id");
CREATE INDEX "deliveries_location_id_idx" ON "deliveries"("location_id");
CREATE INDEX "delivery_events_delivery_id_occurred_at_idx" ON "delivery_events"("delivery_id", "occurred_at");
CREATE UNIQUE INDEX "delivery_webhook_events_provider_event_id_key" ON "delivery_webhook_events"("provider", "event_id");
CREATE INDEX "delivery_webhook_events_delivery_id_idx" ON "delivery_webhook_events"("delivery_id");

-- AddForeignKey: deliveries go with their account, their order and their store; the rest with their delivery.
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "delivery_webhook_events" ADD CONSTRAINT "delivery_webhook_events_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "delivery_daily_stats" ADD CONSTRAINT "delivery_daily_stats_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
