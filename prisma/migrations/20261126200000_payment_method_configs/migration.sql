-- The payment hub's payment method configurations: an account's default per method (location_id
-- NULL) and a store's own (location_id set), which wins over the account's.

-- CreateTable
CREATE TABLE "payment_method_configs" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER,
    "method" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL,
    "min_order_cents" BIGINT,
    "max_installments" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_method_configs_pkey" PRIMARY KEY ("id")
);

-- One configuration per store and method, and one account default per method: NULLS NOT DISTINCT
-- makes the account's defaults (location_id NULL) collide with each other too.
CREATE UNIQUE INDEX "payment_method_configs_account_id_location_id_method_key" ON "payment_method_configs"("account_id", "location_id", "method") NULLS NOT DISTINCT;
CREATE INDEX "payment_method_configs_location_id_idx" ON "payment_method_configs"("location_id");

-- AddForeignKey: the rows go with their account and with their store.
ALTER TABLE "payment_method_configs" ADD CONSTRAINT "payment_method_configs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payment_method_configs" ADD CONSTRAINT "payment_method_configs_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
