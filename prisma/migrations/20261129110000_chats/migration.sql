-- Customer-service chats over WhatsApp: a chat per customer conversation (one not closed per phone,
-- which the inbound handler keeps under an advisory lock),
-- its messages (inbound ones once per provider message id), attendants, the events the attendance
-- report reads, tags, chat templates (global or a user's own), the bot's flow per account and the
-- bot steps each chat reached.

-- CreateTable
CREATE TABLE "chats" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER,
    "customer_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'bot',
    "attendant_user_id" INTEGER,
    "unread_count" INTEGER NOT NULL DEFAULT 0,
    "last_message_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_preview" TEXT,
    "assigned_at" TIMESTAMPTZ(3),
    "first_response_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),
    "bot_step" TEXT,
    "bot_state" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chats_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chats_account_id_status_last_message_at_id_idx" ON "chats"("account_id", "status", "last_message_at", "id");
CREATE INDEX "chats_account_id_last_message_at_id_idx" ON "chats"("account_id", "last_message_at", "id");
CREATE INDEX "chats_account_id_created_at_idx" ON "chats"("account_id", "created_at");
CREATE INDEX "chats_attendant_user_id_status_idx" ON "chats"("attendant_user_id", "status");
CREATE INDEX "chats_customer_id_idx" ON "chats"("customer_id");
CREATE INDEX "chats_account_id_phone_idx" ON "chats"("account_id", "phone");

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "chat_id" INTEGER NOT NULL,
    "direction" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "author_user_id" INTEGER,
    "kind" TEXT NOT NULL DEFAULT 'text',
    "body" TEXT,
    "media" JSONB,
    "cart_id" INTEGER,
    "template_id" INTEGER,
    "outbound_message_id" INTEGER,
    "delivery_status" TEXT,
    "delivery_error" TEXT,
    "provider_message_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chat_messages_chat_id_id_idx" ON "chat_messages"("chat_id", "id");
CREATE INDEX "chat_messages_outbound_message_id_idx" ON "chat_messages"("outbound_message_id");
CREATE INDEX "chat_messages_account_id_created_at_idx" ON "chat_messages"("account_id", "created_at");
CREATE UNIQUE INDEX "chat_messages_account_id_provider_message_id_key" ON "chat_messages"("account_id", "provider_message_id");

-- CreateTable
CREATE TABLE "chat_attendants" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'away',
    "max_chats" INTEGER NOT NULL DEFAULT 5,
    "location_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "status_changed_at" TIMESTAMPTZ(3),
    "last_assigned_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_attendants_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "chat_attendants_account_id_user_id_key" ON "chat_attendants"("account_id", "user_id");

-- CreateTable
CREATE TABLE "chat_events" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "chat_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "from_user_id" INTEGER,
    "to_user_id" INTEGER,
    "from_status" TEXT,
    "to_status" TEXT,
    "actor_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chat_events_account_id_created_at_idx" ON "chat_events"("account_id", "created_at");
CREATE INDEX "chat_events_chat_id_idx" ON "chat_events"("chat_id");

-- CreateTable
CREATE TABLE "chat_tags" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT '#228be6',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_tags_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "chat_tags_account_id_name_key" ON "chat_tags"("account_id", "name");

-- CreateTable
CREATE TABLE "chat_tag_links" (
    "chat_id" INTEGER NOT NULL,
    "tag_id" INTEGER NOT NULL,

    CONSTRAINT "chat_tag_links_pkey" PRIMARY KEY ("chat_id", "tag_id")
);

-- CreateIndex
CREATE INDEX "chat_tag_links_tag_id_idx" ON "chat_tag_links"("tag_id");

-- CreateTable
CREATE TABLE "chat_templates" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "template_key" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_templates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chat_templates_account_id_user_id_idx" ON "chat_templates"("account_id", "user_id");

-- CreateTable
CREATE TABLE "chat_bot_flows" (
    "account_id" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "greeting" TEXT NOT NULL,
    "menu" TEXT NOT NULL,
    "list_prompt" TEXT NOT NULL,
    "list_received" TEXT NOT NULL,
    "handover" TEXT NOT NULL,
    "business_hours" TEXT NOT NULL,
    "abandon_after_minutes" INTEGER NOT NULL DEFAULT 30,
    "default_location_id" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_bot_flows_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "chat_bot_steps" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "chat_id" INTEGER NOT NULL,
    "step" TEXT NOT NULL,
    "reached_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "left_at" TIMESTAMPTZ(3),
    "outcome" TEXT,

    CONSTRAINT "chat_bot_steps_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chat_bot_steps_account_id_reached_at_idx" ON "chat_bot_steps"("account_id", "reached_at");
CREATE INDEX "chat_bot_steps_chat_id_idx" ON "chat_bot_steps"("chat_id");

-- AddForeignKey
ALTER TABLE "chats" ADD CONSTRAINT "chats_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chats" ADD CONSTRAINT "chats_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "chats" ADD CONSTRAINT "chats_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chats" ADD CONSTRAINT "chats_attendant_user_id_fkey" FOREIGN KEY ("attendant_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_fkey" FOREIGN KEY ("chat_id") REFERENCES "chats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_user_id_fkey" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "chat_attendants" ADD CONSTRAINT "chat_attendants_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_attendants" ADD CONSTRAINT "chat_attendants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_chat_id_fkey" FOREIGN KEY ("chat_id") REFERENCES "chats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_tags" ADD CONSTRAINT "chat_tags_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_tag_links" ADD CONSTRAINT "chat_tag_links_chat_id_fkey" FOREIGN KEY ("chat_id") REFERENCES "chats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_tag_links" ADD CONSTRAINT "chat_tag_links_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "chat_tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_templates" ADD CONSTRAINT "chat_templates_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_templates" ADD CONSTRAINT "chat_templates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_bot_flows" ADD CONSTRAINT "chat_bot_flows_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_bot_steps" ADD CONSTRAINT "chat_bot_steps_chat_id_fkey" FOREIGN KEY ("chat_id") REFERENCES "chats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
