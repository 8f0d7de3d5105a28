-- Messaging campaigns: WhatsApp message templates (with the provider's approval), campaigns sent
-- from them to an audience of opted-in customers, one recipient row per (campaign, customer) that
-- the dispatch claims before sending (so a customer is messaged at most once per campaign) and that
-- delivery statuses and button replies update, and the templates of order notifications.

-- CreateTable
CREATE TABLE "messaging_templates" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "message" TEXT NOT NULL,
    "buttons" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "media_url" TEXT,
    "media_type" TEXT,
    "media_name" TEXT,
    "language" TEXT NOT NULL DEFAULT 'pt_BR',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "rejection_reason" TEXT,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "messaging_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messaging_campaigns" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "template_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "message" TEXT,
    "audience" JSONB NOT NULL,
    "location_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "media_url" TEXT,
    "media_type" TEXT,
    "media_name" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "started_at" TIMESTAMPTZ(3),
    "progress_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "messaging_campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messaging_campaign_recipients" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "message_id" INTEGER,
    "claimed_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "read_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "replied_at" TIMESTAMPTZ(3),
    "opted_out_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messaging_campaign_recipients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_templates" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_templates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "messaging_templates_account_id_name_key" ON "messaging_templates"("account_id", "name");
CREATE INDEX "messaging_templates_account_id_created_at_idx" ON "messaging_templates"("account_id", "created_at");
CREATE INDEX "messaging_campaigns_account_id_created_at_idx" ON "messaging_campaigns"("account_id", "created_at");
CREATE INDEX "messaging_campaigns_status_start_at_idx" ON "messaging_campaigns"("status", "start_at");
CREATE INDEX "messaging_campaigns_template_id_idx" ON "messaging_campaigns"("template_id");
CREATE UNIQUE INDEX "messaging_campaign_recipients_campaign_id_customer_id_key" ON "messaging_campaign_recipients"("campaign_id", "customer_id");
CREATE INDEX "messaging_campaign_recipients_campaign_id_status_id_idx" ON "messaging_campaign_recipients"("campaign_id", "status", "id");
CREATE INDEX "messaging_campaign_recipients_account_id_sent_at_idx" ON "messaging_campaign_recipients"("account_id", "sent_at");
CREATE INDEX "messaging_campaign_recipients_customer_id_idx" ON "messaging_campaign_recipients"("customer_id");
CREATE INDEX "messaging_campaign_recipients_message_id_idx" ON "messaging_campaign_recipients"("message_id");
CREATE UNIQUE INDEX "notification_templates_account_id_event_key" ON "notification_templates"("account_id", "event");

-- AddForeignKey
ALTER TABLE "messaging_templates" ADD CONSTRAINT "messaging_templates_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "messaging_campaigns" ADD CONSTRAINT "messaging_campaigns_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "messaging_campaigns" ADD CONSTRAINT "messaging_campaigns_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "messaging_templates"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "messaging_campaign_recipients" ADD CONSTRAINT "messaging_campaign_recipients_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "messaging_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "messaging_campaign_recipients" ADD CONSTRAINT "messaging_campaign_recipients_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "messaging_campaign_recipients" ADD CONSTRAINT "messaging_campaign_recipients_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
