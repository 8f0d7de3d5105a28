-- The WhatsApp channel: what an outbound message carries (text, media, template) and the customer it
-- goes to, the times its delivery statuses arrived (they only move forward), the account's Cloud API
-- number (inbound webhooks name it), and the customers' messages as they arrived (once per provider id).

-- AlterTable
ALTER TABLE "outbound_messages"
    ADD COLUMN "content" JSONB,
    ADD COLUMN "customer_id" INTEGER,
    ADD COLUMN "delivered_at" TIMESTAMPTZ(3),
    ADD COLUMN "read_at" TIMESTAMPTZ(3),
    ADD COLUMN "failed_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "outbound_messages_provider_message_id_idx" ON "outbound_messages"("provider_message_id");
CREATE INDEX "outbound_messages_account_id_to_id_idx" ON "outbound_messages"("account_id", "to", "id");
CREATE INDEX "outbound_messages_customer_id_idx" ON "outbound_messages"("customer_id");

-- AddForeignKey
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "whatsapp_numbers" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "phone_number_id" TEXT NOT NULL,
    "waba_id" TEXT NOT NULL,
    "display_phone" TEXT NOT NULL,
    "access_token" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "whatsapp_numbers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_numbers_account_id_key" ON "whatsapp_numbers"("account_id");
CREATE UNIQUE INDEX "whatsapp_numbers_phone_number_id_key" ON "whatsapp_numbers"("phone_number_id");
CREATE INDEX "whatsapp_numbers_waba_id_idx" ON "whatsapp_numbers"("waba_id");

-- AddForeignKey
ALTER TABLE "whatsapp_numbers" ADD CONSTRAINT "whatsapp_numbers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "whatsapp_inbound" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_message_id" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "profile_name" TEXT,
    "kind" TEXT NOT NULL,
    "text" TEXT,
    "media" JSONB,
    "button" JSONB,
    "context_provider_message_id" TEXT,
    "reply_to_id" INTEGER,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "whatsapp_inbound_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_inbound_provider_provider_message_id_key" ON "whatsapp_inbound"("provider", "provider_message_id");
CREATE INDEX "whatsapp_inbound_account_id_from_id_idx" ON "whatsapp_inbound"("account_id", "from", "id");

-- AddForeignKey
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_reply_to_id_fkey" FOREIGN KEY ("reply_to_id") REFERENCES "outbound_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;
