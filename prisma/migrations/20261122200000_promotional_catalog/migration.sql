-- CreateEnum
CREATE TYPE "RedemptionStatus" AS ENUM ('applied', 'released');

-- AlterTable
ALTER TABLE "promotions" ADD COLUMN "uses_count" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "promotion_redemptions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "promotion_id" INTEGER NOT NULL,
    "order_id" TEXT NOT NULL,
    "customer" TEXT,
    "status" "RedemptionStatus" NOT NULL DEFAULT 'applied',
    "discount_cents" BIGINT NOT NULL,
    "order_total_cents" BIGINT NOT NULL,
    "redeemed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "released_at" TIMESTAMPTZ(3),

    CONSTRAINT "promotion_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "flyers" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "message" TEXT,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "disabled_at" TIMESTAMPTZ(3),
    "location_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "media_url" TEXT,
    "media_type" TEXT,
    "media_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "flyers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "locations" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "external_id" TEXT,
    "document" TEXT,
    "street" TEXT,
    "number" TEXT,
    "neighborhood" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip_code" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "locations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "products" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "sku" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "brand" TEXT,
    "gtin" TEXT,
    "image_url" TEXT,
    "categories" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "price_cents" BIGINT NOT NULL,
    "unit_measurement" TEXT NOT NULL DEFAULT 'un',
    "is_available" BOOLEAN NOT NULL DEFAULT true,
    "available_stock" INTEGER NOT NULL DEFAULT 0,
    "url" TEXT,
    "reference_code" TEXT,
    "additional_references" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "products_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "promotion_redemptions_promotion_id_order_id_key" ON "promotion_redemptions"("promotion_id", "order_id");

-- CreateIndex
CREATE INDEX "promotion_redemptions_account_id_order_id_idx" ON "promotion_redemptions"("account_id", "order_id");

-- CreateIndex
CREATE INDEX "promotion_redemptions_promotion_id_customer_idx" ON "promotion_redemptions"("promotion_id", "customer");

-- CreateIndex
CREATE INDEX "promotion_redemptions_promotion_id_redeemed_at_idx" ON "promotion_redemptions"("promotion_id", "redeemed_at");

-- CreateIndex
CREATE INDEX "flyers_account_id_created_at_idx" ON "flyers"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "locations_account_id_name_idx" ON "locations"("account_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "products_account_id_sku_key" ON "products"("account_id", "sku");

-- CreateIndex
CREATE INDEX "products_account_id_name_idx" ON "products"("account_id", "name");

-- AddForeignKey
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_fkey" FOREIGN KEY ("promotion_id") REFERENCES "promotions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flyers" ADD CONSTRAINT "flyers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "locations" ADD CONSTRAINT "locations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
