-- The decision chart (decision 028) orders each bucket's waits in seconds: kept on the row, computed
-- by the same expression the chart used at every read, and in the index its range reads alone.
DROP INDEX "review_waits_decided_idx";--> statement-breakpoint
ALTER TABLE "review_waits" ADD COLUMN "wait_seconds" double precision GENERATED ALWAYS AS (extract(epoch FROM decided_at - submitted_at)::float8) STORED;--> statement-breakpoint
CREATE INDEX "review_waits_decided_idx" ON "review_waits" USING btree ("entity_type","decided_at","wait_seconds");