-- The map of every listing (decision 029): a viewport's grid aggregation reads latitude, longitude,
-- status and id from this index alone (an index-only scan where the visibility map allows).
CREATE INDEX "properties_map_idx" ON "properties" USING btree ("latitude","longitude","listing_status","id");