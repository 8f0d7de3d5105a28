-- CreateEnum
CREATE TYPE "CampaignType" AS ENUM ('product', 'banner', 'sponsored_brand', 'digital_signage');

-- CreateEnum
CREATE TYPE "CampaignStrategy" AS ENUM ('standard', 'objective_based');

-- CreateEnum
CREATE TYPE "CampaignGoal" AS ENUM ('profitability', 'growth', 'reach');

-- CreateEnum
CREATE TYPE "CampaignTargeting" AS ENUM ('keyword', 'category');

-- CreateEnum
CREATE TYPE "AdStatus" AS ENUM ('pending_review', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "AudienceStatus" AS ENUM ('awaiting_approval', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "AudienceVisibility" AS ENUM ('global', 'private');

-- CreateEnum
CREATE TYPE "AuditEntity" AS ENUM ('campaign', 'ad');

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN "network_id" INTEGER;

-- CreateTable
CREATE TABLE "retail_media_configs" (
    "publisher_id" INTEGER NOT NULL,
    "ad_types" TEXT[] DEFAULT ARRAY['product', 'banner', 'sponsored_brand', 'digital_signage']::TEXT[],
    "terms_active" BOOLEAN NOT NULL DEFAULT false,
    "terms_url" TEXT,
    "terms_version" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "retail_media_configs_pkey" PRIMARY KEY ("publisher_id")
);

-- CreateTable
CREATE TABLE "campaign_goal_ranges" (
    "id" SERIAL NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "goal" "CampaignGoal" NOT NULL,
    "min_cents" BIGINT NOT NULL,
    "max_cents" BIGINT NOT NULL,

    CONSTRAINT "campaign_goal_ranges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ad_sizes" (
    "id" SERIAL NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ad_sizes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_tags" (
    "id" SERIAL NOT NULL,
    "advertiser_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" SERIAL NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "advertiser_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "ad_type" "CampaignType" NOT NULL,
    "strategy_type" "CampaignStrategy" NOT NULL DEFAULT 'standard',
    "goal" "CampaignGoal",
    "targeting" "CampaignTargeting" NOT NULL DEFAULT 'keyword',
    "daily_budget_cents" BIGINT NOT NULL,
    "total_budget_cents" BIGINT,
    "cpm_cents" BIGINT,
    "cpc_cents" BIGINT,
    "budget_type" TEXT NOT NULL DEFAULT 'evenly',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_tag_links" (
    "campaign_id" INTEGER NOT NULL,
    "tag_id" INTEGER NOT NULL,

    CONSTRAINT "campaign_tag_links_pkey" PRIMARY KEY ("campaign_id","tag_id")
);

-- CreateTable
CREATE TABLE "campaign_products" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "sku" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_keywords" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "keyword" TEXT NOT NULL,
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_keywords_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_categories" (
    "campaign_id" INTEGER NOT NULL,
    "category" TEXT NOT NULL,

    CONSTRAINT "campaign_categories_pkey" PRIMARY KEY ("campaign_id","category")
);

-- CreateTable
CREATE TABLE "campaign_audiences" (
    "campaign_id" INTEGER NOT NULL,
    "audience_id" INTEGER NOT NULL,

    CONSTRAINT "campaign_audiences_pkey" PRIMARY KEY ("campaign_id","audience_id")
);

-- CreateTable
CREATE TABLE "campaign_subpublishers" (
    "campaign_id" INTEGER NOT NULL,
    "subpublisher_id" INTEGER NOT NULL,

    CONSTRAINT "campaign_subpublishers_pkey" PRIMARY KEY ("campaign_id","subpublisher_id")
);

-- CreateTable
CREATE TABLE "ads" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "ad_type" "CampaignType" NOT NULL,
    "status" "AdStatus" NOT NULL DEFAULT 'pending_review',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sku" TEXT,
    "media_url" TEXT,
    "media_type" TEXT,
    "alt_text" TEXT,
    "ad_size_id" INTEGER,
    "destination_url" TEXT,
    "headline" TEXT,
    "description" TEXT,
    "brand_name" TEXT,
    "brand_url" TEXT,
    "assets" JSONB NOT NULL DEFAULT '[]',
    "cpm_cents" BIGINT,
    "cpc_cents" BIGINT,
    "review_note" TEXT,
    "reviewed_by_id" INTEGER,
    "reviewed_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audiences" (
    "id" SERIAL NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "created_by_account_id" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" "AudienceStatus" NOT NULL DEFAULT 'awaiting_approval',
    "price_cents" BIGINT,
    "estimated_audience" INTEGER NOT NULL DEFAULT 0,
    "reach_range" INTEGER NOT NULL DEFAULT 0,
    "billing_type" TEXT NOT NULL DEFAULT 'up_front',
    "visibility" "AudienceVisibility" NOT NULL DEFAULT 'global',
    "advertiser_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "rules" JSONB NOT NULL DEFAULT '[]',
    "note" TEXT,
    "reviewed_by_id" INTEGER,
    "reviewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audiences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_changes" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "entity" "AuditEntity" NOT NULL,
    "entity_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "field_name" TEXT,
    "old_value" JSONB,
    "new_value" JSONB,
    "details" JSONB,
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rm_daily_stats" (
    "id" BIGSERIAL NOT NULL,
    "day" DATE NOT NULL,
    "publisher_id" INTEGER NOT NULL,
    "advertiser_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "ad_id" INTEGER NOT NULL,
    "placement" TEXT NOT NULL DEFAULT '',
    "context" TEXT NOT NULL DEFAULT '',
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "views" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "items_sold" BIGINT NOT NULL DEFAULT 0,
    "income_cents" BIGINT NOT NULL DEFAULT 0,
    "spent_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "rm_daily_stats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rm_product_daily_stats" (
    "id" BIGSERIAL NOT NULL,
    "day" DATE NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "sku" TEXT NOT NULL,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "items_sold" BIGINT NOT NULL DEFAULT 0,
    "income_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "rm_product_daily_stats_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "accounts_network_id_idx" ON "accounts"("network_id");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_goal_ranges_publisher_id_goal_key" ON "campaign_goal_ranges"("publisher_id", "goal");

-- CreateIndex
CREATE UNIQUE INDEX "ad_sizes_publisher_id_name_key" ON "ad_sizes"("publisher_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_tags_advertiser_id_name_key" ON "campaign_tags"("advertiser_id", "name");

-- CreateIndex
CREATE INDEX "campaigns_publisher_id_created_at_idx" ON "campaigns"("publisher_id", "created_at");

-- CreateIndex
CREATE INDEX "campaigns_advertiser_id_created_at_idx" ON "campaigns"("advertiser_id", "created_at");

-- CreateIndex
CREATE INDEX "campaign_tag_links_tag_id_idx" ON "campaign_tag_links"("tag_id");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_products_campaign_id_sku_key" ON "campaign_products"("campaign_id", "sku");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_keywords_campaign_id_keyword_key" ON "campaign_keywords"("campaign_id", "keyword");

-- CreateIndex
CREATE INDEX "campaign_keywords_keyword_idx" ON "campaign_keywords"("keyword");

-- CreateIndex
CREATE INDEX "campaign_audiences_audience_id_idx" ON "campaign_audiences"("audience_id");

-- CreateIndex
CREATE INDEX "ads_campaign_id_idx" ON "ads"("campaign_id");

-- CreateIndex
CREATE INDEX "ads_status_created_at_idx" ON "ads"("status", "created_at");

-- CreateIndex
CREATE INDEX "audiences_publisher_id_status_idx" ON "audiences"("publisher_id", "status");

-- CreateIndex
CREATE INDEX "audit_changes_campaign_id_created_at_idx" ON "audit_changes"("campaign_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "rm_daily_stats_day_ad_id_placement_context_key" ON "rm_daily_stats"("day", "ad_id", "placement", "context");

-- CreateIndex
CREATE INDEX "rm_daily_stats_campaign_id_day_idx" ON "rm_daily_stats"("campaign_id", "day");

-- CreateIndex
CREATE INDEX "rm_daily_stats_publisher_id_day_idx" ON "rm_daily_stats"("publisher_id", "day");

-- CreateIndex
CREATE INDEX "rm_daily_stats_advertiser_id_day_idx" ON "rm_daily_stats"("advertiser_id", "day");

-- CreateIndex
CREATE UNIQUE INDEX "rm_product_daily_stats_day_campaign_id_sku_key" ON "rm_product_daily_stats"("day", "campaign_id", "sku");

-- CreateIndex
CREATE INDEX "rm_product_daily_stats_campaign_id_idx" ON "rm_product_daily_stats"("campaign_id");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_network_id_fkey" FOREIGN KEY ("network_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "retail_media_configs" ADD CONSTRAINT "retail_media_configs_publisher_id_fkey" FOREIGN KEY ("publisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_goal_ranges" ADD CONSTRAINT "campaign_goal_ranges_publisher_id_fkey" FOREIGN KEY ("publisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ad_sizes" ADD CONSTRAINT "ad_sizes_publisher_id_fkey" FOREIGN KEY ("publisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_tags" ADD CONSTRAINT "campaign_tags_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_publisher_id_fkey" FOREIGN KEY ("publisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_tag_links" ADD CONSTRAINT "campaign_tag_links_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_tag_links" ADD CONSTRAINT "campaign_tag_links_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "campaign_tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_products" ADD CONSTRAINT "campaign_products_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_keywords" ADD CONSTRAINT "campaign_keywords_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_categories" ADD CONSTRAINT "campaign_categories_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_audiences" ADD CONSTRAINT "campaign_audiences_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_audiences" ADD CONSTRAINT "campaign_audiences_audience_id_fkey" FOREIGN KEY ("audience_id") REFERENCES "audiences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_subpublishers" ADD CONSTRAINT "campaign_subpublishers_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_subpublishers" ADD CONSTRAINT "campaign_subpublishers_subpublisher_id_fkey" FOREIGN KEY ("subpublisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ads" ADD CONSTRAINT "ads_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ads" ADD CONSTRAINT "ads_ad_size_id_fkey" FOREIGN KEY ("ad_size_id") REFERENCES "ad_sizes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ads" ADD CONSTRAINT "ads_reviewed_by_id_fkey" FOREIGN KEY ("reviewed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_publisher_id_fkey" FOREIGN KEY ("publisher_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_created_by_account_id_fkey" FOREIGN KEY ("created_by_account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_reviewed_by_id_fkey" FOREIGN KEY ("reviewed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_changes" ADD CONSTRAINT "audit_changes_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_changes" ADD CONSTRAINT "audit_changes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
