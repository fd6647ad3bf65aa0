-- The conversations with unread messages, few among many. While live streams are open, every read of
-- changes that may move a sidebar count (a renamed host's does) counts them again for the badge: a scan
-- of 20,000 conversations took 3 to 27 ms, up to four times a second while the marketplace wrote. The
-- Chats list's Unread tab reads them from here too.
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "conversations"."unread_count" > 0;