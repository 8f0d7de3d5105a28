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

-- The rows go with their account and their store, as ON DELETE CASCADE would do. Foreign keys need
-- the relation fields on Account and Location in schema.prisma (the schema-match test compares
-- them), which are left for when those models are not being edited by several modules at once.
CREATE OR REPLACE FUNCTION payment_method_configs_of_location_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "payment_method_configs" WHERE "location_id" = OLD."id";
  RETURN OLD;
END;
$$;
CREATE TRIGGER payment_method_configs_location_deleted AFTER DELETE ON "locations"
  FOR EACH ROW EXECUTE FUNCTION payment_method_configs_of_location_deleted();

CREATE OR REPLACE FUNCTION payment_method_configs_of_account_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "payment_method_configs" WHERE "account_id" = OLD."id";
  RETURN OLD;
END;
$$;
CREATE TRIGGER payment_method_configs_account_deleted AFTER DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION payment_method_configs_of_account_deleted();
