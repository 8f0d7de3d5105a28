-- ERP integration (issue 24): an ERP's batches (products, offers, customers) received once per
-- (account, kind, batch id) and run by a job, the ERP's customer ids, and the order status
-- callbacks sent to the account's URL (its settings, each delivery and each attempt). Like
-- tv_devices, the tables hold the ids of other modules' rows (accounts, users, customers, product
-- imports) without foreign keys: the schema declares no relation into those models.
CREATE TABLE "erp_batches" (
    "id" SERIAL PRIMARY KEY,
    "account_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "kind" TEXT NOT NULL,
    "batch_id" TEXT NOT NULL,
    -- SHA-256 of the rows as sent (keys sorted): the same batch id with other rows is refused.
    "body_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    -- The rows (offers, customers); products travel in their product import.
    "payload" JSONB,
    "product_import_id" INTEGER,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "applied" INTEGER NOT NULL DEFAULT 0,
    "rejected_count" INTEGER NOT NULL DEFAULT 0,
    -- [{ index, key, reason }]
    "errors" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "erp_batches_kind_check" CHECK ("kind" IN ('products', 'offers', 'customers')),
    CONSTRAINT "erp_batches_status_check" CHECK ("status" IN ('queued', 'processing', 'done', 'failed'))
);
CREATE UNIQUE INDEX "erp_batches_account_id_kind_batch_id_key" ON "erp_batches"("account_id", "kind", "batch_id");
CREATE INDEX "erp_batches_account_id_created_at_idx" ON "erp_batches"("account_id", "created_at");

CREATE TABLE "erp_customer_links" (
    "account_id" INTEGER NOT NULL,
    "external_id" TEXT NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "erp_customer_links_pkey" PRIMARY KEY ("account_id", "external_id")
);
CREATE INDEX "erp_customer_links_customer_id_idx" ON "erp_customer_links"("customer_id");

CREATE TABLE "erp_callback_configs" (
    "account_id" INTEGER PRIMARY KEY,
    "url" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    -- The HMAC secret (the receiver holds the same one): shown once, when generated.
    "secret" TEXT,
    "secret_created_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "erp_callback_deliveries" (
    "id" SERIAL PRIMARY KEY,
    "account_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "order_id" INTEGER,
    "order_status" TEXT,
    -- The JSON sent, byte for byte the same on every attempt (the signature covers it).
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    CONSTRAINT "erp_callback_deliveries_status_check" CHECK ("status" IN ('pending', 'delivered', 'failed'))
);
CREATE INDEX "erp_callback_deliveries_account_id_id_idx" ON "erp_callback_deliveries"("account_id", "id");

CREATE TABLE "erp_callback_attempts" (
    "id" SERIAL PRIMARY KEY,
    "delivery_id" INTEGER NOT NULL REFERENCES "erp_callback_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "attempt" INTEGER NOT NULL,
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "erp_callback_attempts_delivery_id_id_idx" ON "erp_callback_attempts"("delivery_id", "id");
