-- The chats list's total read from counters instead of counting the account's chats on every request
-- (20,000 chats: a count(*) per page). One row per (store, status, channel, attendant) of an account,
-- 0 standing for no store and for no attendant so that the key is a plain primary key. A row trigger
-- keeps them in the transaction that opens, moves, transfers or deletes a chat, whoever writes it; a
-- message's update (last message, preview, unread) changes none of the key and does not fire it.
-- And the list's first page of a store, an attendant (or none: the queue) or a channel read in order
-- from an index of its own, never found by walking the account's chats by their last message.

CREATE TABLE "chat_counts" (
    "account_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "attendant_user_id" INTEGER NOT NULL,
    "chats" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "chat_counts_pkey" PRIMARY KEY ("account_id", "location_id", "status", "channel", "attendant_user_id")
);

CREATE INDEX "chats_account_id_location_id_last_message_at_id_idx" ON "chats"("account_id", "location_id", "last_message_at", "id");
CREATE INDEX "chats_account_id_attendant_user_id_last_message_at_id_idx" ON "chats"("account_id", "attendant_user_id", "last_message_at", "id");
CREATE INDEX "chats_account_id_channel_last_message_at_id_idx" ON "chats"("account_id", "channel", "last_message_at", "id");

-- Adds n chats to a (store, status, channel, attendant) of an account.
CREATE OR REPLACE FUNCTION chat_counts_add(a integer, l integer, s text, c text, u integer, n integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO chat_counts (account_id, location_id, status, channel, attendant_user_id, chats)
  VALUES (a, coalesce(l, 0), s, c, coalesce(u, 0), n)
  ON CONFLICT (account_id, location_id, status, channel, attendant_user_id) DO UPDATE SET chats = chat_counts.chats + EXCLUDED.chats;
$$;

-- The counter a chat leaves (OLD) and the one it joins (NEW). Of the two, the lower key is written
-- first, so that two chats moving opposite ways (open → waiting, waiting → open) never deadlock.
CREATE OR REPLACE FUNCTION chat_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM chat_counts_add(NEW.account_id, NEW.location_id, NEW.status, NEW.channel, NEW.attendant_user_id, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM chat_counts_add(OLD.account_id, OLD.location_id, OLD.status, OLD.channel, OLD.attendant_user_id, -1);
  ELSE
    old_key := concat_ws('|', OLD.account_id, coalesce(OLD.location_id, 0), OLD.status, OLD.channel, coalesce(OLD.attendant_user_id, 0));
    new_key := concat_ws('|', NEW.account_id, coalesce(NEW.location_id, 0), NEW.status, NEW.channel, coalesce(NEW.attendant_user_id, 0));
    IF old_key < new_key THEN
      PERFORM chat_counts_add(OLD.account_id, OLD.location_id, OLD.status, OLD.channel, OLD.attendant_user_id, -1);
      PERFORM chat_counts_add(NEW.account_id, NEW.location_id, NEW.status, NEW.channel, NEW.attendant_user_id, 1);
    ELSE
      PERFORM chat_counts_add(NEW.account_id, NEW.location_id, NEW.status, NEW.channel, NEW.attendant_user_id, 1);
      PERFORM chat_counts_add(OLD.account_id, OLD.location_id, OLD.status, OLD.channel, OLD.attendant_user_id, -1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER chats_counts_write AFTER INSERT OR DELETE ON "chats"
  FOR EACH ROW EXECUTE FUNCTION chat_counts_track();
CREATE TRIGGER chats_counts_update AFTER UPDATE ON "chats"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.channel IS DISTINCT FROM NEW.channel
                     OR OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.attendant_user_id IS DISTINCT FROM NEW.attendant_user_id
                     OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION chat_counts_track();

-- Chats already there.
INSERT INTO chat_counts (account_id, location_id, status, channel, attendant_user_id, chats)
SELECT account_id, coalesce(location_id, 0), status, channel, coalesce(attendant_user_id, 0), count(*)
  FROM chats GROUP BY 1, 2, 3, 4, 5;
