-- CreateEnum
CREATE TYPE "AdvertiserLinkType" AS ENUM ('industry', 'seller');

-- CreateEnum
CREATE TYPE "WalletTransactionType" AS ENUM ('credit', 'debit');

-- CreateTable
CREATE TABLE "advertiser_links" (
    "id" SERIAL NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "advertiser_id" INTEGER NOT NULL,
    "type" "AdvertiserLinkType" NOT NULL DEFAULT 'industry',
    "seller_id" TEXT,
    "brands" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "allow_manage_subpublishers" BOOLEAN NOT NULL DEFAULT false,
    "strategies" TEXT[] DEFAULT ARRAY['standard']::TEXT[],
    "default_strategy" TEXT NOT NULL DEFAULT 'standard',
    "enable_audience_campaign" BOOLEAN NOT NULL DEFAULT false,
    "allow_total_budget_campaign" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "advertiser_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallets" (
    "id" SERIAL NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "advertiser_id" INTEGER NOT NULL,
    "balance_cents" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet_transactions" (
    "id" SERIAL NOT NULL,
    "wallet_id" INTEGER NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "transaction_type" "WalletTransactionType" NOT NULL,
    "transaction_subtype" TEXT NOT NULL,
    "user_id" INTEGER,
    "note" TEXT,
    "balance_after_cents" BIGINT NOT NULL,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "advertiser_links_publisher_id_advertiser_id_key" ON "advertiser_links"("publisher_id", "advertiser_id");

-- CreateIndex
CREATE INDEX "advertiser_links_advertiser_id_idx" ON "advertiser_links"("advertiser_id");

-- CreateIndex
CREATE UNIQUE INDEX "wallets_publisher_id_advertiser_id_key" ON "wallets"("publisher_id", "advertiser_id");

-- CreateIndex
CREATE INDEX "wallets_advertiser_id_idx" ON "wallets"("advertiser_id");

-- CreateIndex
CREATE UNIQUE INDEX "wallet_transactions_wallet_id_idempotency_key_key" ON "wallet_transactions"("wallet_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "wallet_transactions_wallet_id_created_at_idx" ON "wallet_transactions"("wallet_id", "created_at");

-- AddForeignKey
ALTER TABLE "advertiser_links" ADD CONSTRAINT "advertiser_links_publisher_id_fkey" FOREIGN KEY ("publisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "advertiser_links" ADD CONSTRAINT "advertiser_links_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_publisher_id_fkey" FOREIGN KEY ("publisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_wallet_id_fkey" FOREIGN KEY ("wallet_id") REFERENCES "wallets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
