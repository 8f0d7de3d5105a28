-- Issue 20: catalog with per-store offers and search, product imports, customers (LGPD audit),
-- shopping carts built from a shopping list, and the outbound message outbox.

CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is STABLE (it reads its dictionary by name); with the dictionary named it is safe to
-- call from an index or a trigger, which need an IMMUTABLE function.
CREATE OR REPLACE FUNCTION fold_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- AlterTable
ALTER TABLE "products"
  ADD COLUMN "sellers" TEXT[] DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "size_pack" TEXT,
  ADD COLUMN "weight_per_unit" DOUBLE PRECISION,
  ADD COLUMN "search_text" TEXT,
  ADD COLUMN "search_vector" tsvector;

-- The search columns follow the product: whoever writes it (API, import, seed, benchmark).
CREATE OR REPLACE FUNCTION products_search_fields() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := fold_text(concat_ws(' ', NEW.name, NEW.brand, NEW.size_pack, array_to_string(NEW.categories, ' ')));
  NEW.search_vector :=
    setweight(to_tsvector('portuguese', fold_text(coalesce(NEW.name, ''))), 'A') ||
    setweight(to_tsvector('portuguese', fold_text(coalesce(NEW.brand, ''))), 'B') ||
    setweight(to_tsvector('portuguese', fold_text(array_to_string(NEW.categories, ' '))), 'C');
  RETURN NEW;
END $$;

CREATE TRIGGER products_search_fields
  BEFORE INSERT OR UPDATE OF name, brand, size_pack, categories ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_search_fields();

UPDATE "products" SET "name" = "name";



-- CreateIndex
CREATE INDEX "products_account_id_gtin_idx" ON "products"("account_id", "gtin");
CREATE INDEX "products_search_text_idx" ON "products" USING GIN ("search_text" gin_trgm_ops);
CREATE INDEX "products_search_vector_idx" ON "products" USING GIN ("search_vector");

-- CreateTable
CREATE TABLE "offers" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "price_cents" BIGINT NOT NULL,
    "promotional_price_cents" BIGINT,
    "promotion_start_at" TIMESTAMPTZ(3),
    "promotion_end_at" TIMESTAMPTZ(3),
    "stock" INTEGER NOT NULL DEFAULT 0,
    "is_available" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "offers_location_id_product_id_key" ON "offers"("location_id", "product_id");
CREATE INDEX "offers_product_id_idx" ON "offers"("product_id");
CREATE INDEX "offers_account_id_location_id_idx" ON "offers"("account_id", "location_id");
ALTER TABLE "offers" ADD CONSTRAINT "offers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offers" ADD CONSTRAINT "offers_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "product_imports" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "source" TEXT NOT NULL,
    "file_name" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "idempotency_key" TEXT,
    "payload" BYTEA,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "rejected_count" INTEGER NOT NULL DEFAULT 0,
    "rejected" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "product_imports_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "product_imports_account_id_idempotency_key_key" ON "product_imports"("account_id", "idempotency_key");
CREATE INDEX "product_imports_account_id_created_at_idx" ON "product_imports"("account_id", "created_at");
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "customers" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "cpf" TEXT,
    "phone" TEXT,
    "email" TEXT,
    "birth_date" DATE,
    "seller_id" TEXT,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "opt_in" BOOLEAN NOT NULL DEFAULT false,
    "opt_in_at" TIMESTAMPTZ(3),
    "anonymized_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "customers_account_id_cpf_key" ON "customers"("account_id", "cpf");
CREATE UNIQUE INDEX "customers_account_id_phone_key" ON "customers"("account_id", "phone");
CREATE INDEX "customers_account_id_created_at_idx" ON "customers"("account_id", "created_at");
CREATE INDEX "customers_account_id_name_idx" ON "customers"("account_id", "name");
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "customer_addresses" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "label" TEXT,
    "zip_code" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "complement" TEXT,
    "neighborhood" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "location_id" INTEGER,
    "region_id" INTEGER,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "customer_addresses_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "customer_addresses_customer_id_idx" ON "customer_addresses"("customer_id");
CREATE INDEX "customer_addresses_location_id_idx" ON "customer_addresses"("location_id");
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "customer_audits" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "action" TEXT NOT NULL,
    "details" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "customer_audits_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "customer_audits_customer_id_created_at_idx" ON "customer_audits"("customer_id", "created_at");
ALTER TABLE "customer_audits" ADD CONSTRAINT "customer_audits_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "customer_audits" ADD CONSTRAINT "customer_audits_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "customer_audits" ADD CONSTRAINT "customer_audits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateEnum
CREATE TYPE "cart_status" AS ENUM ('in_review', 'approved', 'opened', 'deleted', 'link_sent');
CREATE TYPE "cart_item_status" AS ENUM ('confirmed', 'pending', 'stock_out');

-- CreateTable
CREATE TABLE "shopping_carts" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "status" "cart_status" NOT NULL DEFAULT 'in_review',
    "list_text" TEXT NOT NULL,
    "coupon_code" TEXT,
    "sub_total_cents" BIGINT NOT NULL DEFAULT 0,
    "discount_cents" BIGINT NOT NULL DEFAULT 0,
    "total_cents" BIGINT NOT NULL DEFAULT 0,
    "pricing" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_by_id" INTEGER,
    "link_sent_at" TIMESTAMPTZ(3),
    "opened_at" TIMESTAMPTZ(3),
    "converted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "shopping_carts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "shopping_carts_account_id_status_created_at_idx" ON "shopping_carts"("account_id", "status", "created_at");
CREATE INDEX "shopping_carts_account_id_created_at_idx" ON "shopping_carts"("account_id", "created_at");
CREATE INDEX "shopping_carts_customer_id_idx" ON "shopping_carts"("customer_id");
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "shopping_cart_items" (
    "id" SERIAL NOT NULL,
    "cart_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "detail" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_measurement" TEXT NOT NULL,
    "status" "cart_item_status" NOT NULL,
    "product_id" INTEGER,
    "candidate_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "unit_price_cents" BIGINT NOT NULL DEFAULT 0,
    "sub_total_cents" BIGINT NOT NULL DEFAULT 0,
    "discount_cents" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "shopping_cart_items_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "shopping_cart_items_cart_id_position_idx" ON "shopping_cart_items"("cart_id", "position");
CREATE INDEX "shopping_cart_items_product_id_idx" ON "shopping_cart_items"("product_id");
ALTER TABLE "shopping_cart_items" ADD CONSTRAINT "shopping_cart_items_cart_id_fkey" FOREIGN KEY ("cart_id") REFERENCES "shopping_carts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shopping_cart_items" ADD CONSTRAINT "shopping_cart_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "outbound_messages" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "channel" TEXT NOT NULL DEFAULT 'whatsapp',
    "to" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "provider" TEXT NOT NULL DEFAULT 'local',
    "provider_message_id" TEXT,
    "subject_type" TEXT,
    "subject_id" INTEGER,
    "dedup_key" TEXT NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    CONSTRAINT "outbound_messages_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "outbound_messages_account_id_dedup_key_key" ON "outbound_messages"("account_id", "dedup_key");
CREATE INDEX "outbound_messages_account_id_created_at_idx" ON "outbound_messages"("account_id", "created_at");
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
