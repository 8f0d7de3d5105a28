-- CreateEnum
CREATE TYPE "PromotionType" AS ENUM ('buy_pay', 'discount', 'fixed_price', 'coupon', 'shipping_discount', 'items_discount');

-- CreateTable
CREATE TABLE "promotions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "promotion_type" "PromotionType" NOT NULL,
    "code" TEXT,
    "code_normalized" TEXT,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "disabled_at" TIMESTAMPTZ(3),
    "benefits" JSONB NOT NULL,
    "trigger" JSONB NOT NULL,
    "limit_total" INTEGER,
    "limit_per_customer" INTEGER,
    "location_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "customers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "selected_offers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "priority" INTEGER NOT NULL DEFAULT 0,
    "exclusive" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "promotions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "promotions_account_id_created_at_idx" ON "promotions"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "promotions_account_id_code_normalized_key" ON "promotions"("account_id", "code_normalized");

-- AddForeignKey
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
