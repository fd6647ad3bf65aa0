-- Issue 47: the key the live stream seals its cursors under (server/modules/live/live-cursors.ts), one row
-- shared by every process.
CREATE TABLE "live_cursor_key" (
	"is_only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "live_cursor_key_one_row" CHECK (is_only)
);
