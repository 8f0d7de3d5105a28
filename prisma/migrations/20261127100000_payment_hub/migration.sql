-- The payment hub's transactions, refunds and provider notifications.

-- CreateTable
CREATE TABLE "payment_transactions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "order_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "live_order_id" INTEGER,
    "method" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_reference" TEXT,
    "status" TEXT NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "captured_cents" BIGINT NOT NULL DEFAULT 0,
    "refunded_cents" BIGINT NOT NULL DEFAULT 0,
    "installments" INTEGER NOT NULL DEFAULT 1,
    "card_brand" TEXT,
    "card_last4" TEXT,
    "refusal_code" TEXT,
    "refusal_reason" TEXT,
    "pix_copy_paste" TEXT,
    "boleto_line" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "authorized_at" TIMESTAMPTZ(3),
    "captured_at" TIMESTAMPTZ(3),
    "refused_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),

    CONSTRAINT "payment_transactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_transactions_status_check" CHECK ("status" IN ('pending', 'authorized', 'captured', 'refused', 'canceled')),
    -- A live charge (pending, authorized, captured) holds its order's id in live_order_id, unique: one per order.
    CONSTRAINT "payment_transactions_live_order_check" CHECK (("status" IN ('pending', 'authorized', 'captured') AND "live_order_id" = "order_id") OR ("status" IN ('refused', 'canceled') AND "live_order_id" IS NULL)),
    -- Money never runs past what was charged, nor refunds past what was captured.
    CONSTRAINT "payment_transactions_amounts_check" CHECK ("amount_cents" > 0 AND "captured_cents" >= 0 AND "captured_cents" <= "amount_cents" AND "refunded_cents" >= 0 AND "refunded_cents" <= "captured_cents"),
    -- Only the brand and the last four digits of a card are ever kept.
    CONSTRAINT "payment_transactions_card_last4_check" CHECK ("card_last4" IS NULL OR "card_last4" ~ '^[0-9]{4}$')
);

-- CreateTable
CREATE TABLE "payment_refunds" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "transaction_id" INTEGER NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "reason" TEXT,
    "status" TEXT NOT NULL,
    "provider_reference" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_refunds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_refunds_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed')),
    CONSTRAINT "payment_refunds_amount_check" CHECK ("amount_cents" > 0)
);

-- CreateTable
CREATE TABLE "payment_webhook_events" (
    "id" SERIAL NOT NULL,
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "account_id" INTEGER,
    "transaction_id" INTEGER,
    "outcome" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_transactions_provider_provider_reference_key" ON "payment_transactions"("provider", "provider_reference");
CREATE INDEX "payment_transactions_order_id_idx" ON "payment_transactions"("order_id");
CREATE INDEX "payment_transactions_account_id_created_at_idx" ON "payment_transactions"("account_id", "created_at");
CREATE INDEX "payment_transactions_account_id_captured_at_idx" ON "payment_transactions"("account_id", "captured_at");
CREATE INDEX "payment_transactions_location_id_idx" ON "payment_transactions"("location_id");
-- One live charge per order: a new attempt only after a refusal or a cancel (concurrent charges: one wins).
CREATE UNIQUE INDEX "payment_transactions_live_order_id_key" ON "payment_transactions"("live_order_id");

CREATE UNIQUE INDEX "payment_refunds_account_id_idempotency_key_key" ON "payment_refunds"("account_id", "idempotency_key");
CREATE INDEX "payment_refunds_transaction_id_idx" ON "payment_refunds"("transaction_id");
CREATE INDEX "payment_refunds_account_id_created_at_idx" ON "payment_refunds"("account_id", "created_at");

CREATE UNIQUE INDEX "payment_webhook_events_provider_event_id_key" ON "payment_webhook_events"("provider", "event_id");
CREATE INDEX "payment_webhook_events_account_id_idx" ON "payment_webhook_events"("account_id");
CREATE INDEX "payment_webhook_events_transaction_id_idx" ON "payment_webhook_events"("transaction_id");

-- AddForeignKey: transactions go with their account and order, keep their store, let their author go.
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "payment_transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "payment_transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
