-- Issue 15, decision 014: a compacted row stands for the weight of the rows it replaced; a user's data
-- version is the sum of the weights (the count of committed change statements), which a compaction keeps and
-- every commit raises, so it never returns to an earlier value (max(id) and count(*) could, see the decision).
ALTER TABLE "data_changes" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;