-- Issue 21: orders, their lines and their timeline (the one state machine: modules/orders/order-status.ts).

-- CreateEnum
CREATE TYPE "order_status" AS ENUM ('created', 'payment_pending', 'paid', 'picking', 'picked', 'ready', 'out_for_delivery', 'awaiting_pickup', 'delivered', 'picked_up', 'canceled', 'refunded');
CREATE TYPE "order_channel" AS ENUM ('whatsapp', 'whatsapp_bot', 'rappi', 'magento', 'vtex', 'shopping_cart');
CREATE TYPE "fraud_status" AS ENUM ('not_required', 'pending', 'approved', 'denied');
CREATE TYPE "fulfilment" AS ENUM ('delivery', 'pickup');
CREATE TYPE "pick_status" AS ENUM ('pending', 'picked', 'substituted', 'missing');

-- CreateTable
CREATE TABLE "orders" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "channel" "order_channel" NOT NULL,
    "external_id" TEXT,
    "shopping_cart_id" INTEGER,
    "status" "order_status" NOT NULL DEFAULT 'created',
    "fraud_status" "fraud_status" NOT NULL DEFAULT 'not_required',
    "fulfilment" "fulfilment" NOT NULL,
    "pays_in_person" BOOLEAN NOT NULL DEFAULT false,
    "address" JSONB,
    "region_id" INTEGER,
    "delivery_fee_cents" BIGINT NOT NULL DEFAULT 0,
    "slot_id" INTEGER,
    "slot_date" TEXT,
    "slot_reference" TEXT,
    "sub_total_cents" BIGINT NOT NULL DEFAULT 0,
    "discount_cents" BIGINT NOT NULL DEFAULT 0,
    "manual_discount_cents" BIGINT NOT NULL DEFAULT 0,
    "total_cents" BIGINT NOT NULL DEFAULT 0,
    "pricing" JSONB NOT NULL DEFAULT '{}',
    "coupon_code" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_by_id" INTEGER,
    "paid_at" TIMESTAMPTZ(3),
    "picking_started_at" TIMESTAMPTZ(3),
    "picked_at" TIMESTAMPTZ(3),
    "ready_at" TIMESTAMPTZ(3),
    "dispatched_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "refunded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "order_items" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "product_id" INTEGER,
    "sku" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "unit_measurement" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "weight" DOUBLE PRECISION,
    "unit_price_cents" BIGINT NOT NULL,
    "sub_total_cents" BIGINT NOT NULL,
    "discount_cents" BIGINT NOT NULL DEFAULT 0,
    "total_cents" BIGINT NOT NULL,
    "pick_status" "pick_status" NOT NULL DEFAULT 'pending',
    "picked_quantity" INTEGER,
    "picked_weight" DOUBLE PRECISION,
    "substitute_product_id" INTEGER,
    "substitute_sku" TEXT,
    "substitute_name" TEXT,
    "picked_by_id" INTEGER,
    "picked_at" TIMESTAMPTZ(3),

    CONSTRAINT "order_items_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "order_events" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "from_status" "order_status",
    "to_status" "order_status" NOT NULL,
    "actor_user_id" INTEGER,
    "actor_kind" TEXT NOT NULL DEFAULT 'user',
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "orders_account_id_number_key" ON "orders"("account_id", "number");
CREATE UNIQUE INDEX "orders_account_id_channel_external_id_key" ON "orders"("account_id", "channel", "external_id");
CREATE UNIQUE INDEX "orders_shopping_cart_id_key" ON "orders"("shopping_cart_id");
CREATE INDEX "orders_account_id_status_location_id_created_at_idx" ON "orders"("account_id", "status", "location_id", "created_at");
CREATE INDEX "orders_account_id_location_id_created_at_idx" ON "orders"("account_id", "location_id", "created_at");
CREATE INDEX "orders_account_id_created_at_idx" ON "orders"("account_id", "created_at");
CREATE INDEX "orders_customer_id_idx" ON "orders"("customer_id");
CREATE INDEX "order_items_order_id_position_idx" ON "order_items"("order_id", "position");
CREATE INDEX "order_items_product_id_idx" ON "order_items"("product_id");
CREATE INDEX "order_events_order_id_created_at_idx" ON "order_events"("order_id", "created_at");

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An order goes with its account; its store and customer are kept while it exists (a store with
-- orders is not deleted, a customer is anonymised rather than deleted: NO ACTION, checked at the end
-- of the statement, so that deleting an account takes its stores, customers and orders at once).
-- The cart it came from, its author and an item's product may go: the order keeps its own copies.
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
ALTER TABLE "orders" ADD CONSTRAINT "orders_shopping_cart_id_fkey" FOREIGN KEY ("shopping_cart_id") REFERENCES "shopping_carts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE SET NULL ON UPDATE CASCADE;
