-- A cached-input rate per product: input an engine read from its prompt cache. Existing products
-- start at a tenth of their input rate, as vendors bill cache reads.
ALTER TABLE "product_rates" ADD COLUMN "cached_input_per_million" BIGINT;
UPDATE "product_rates" SET "cached_input_per_million" = "input_per_million" / 10;
ALTER TABLE "product_rates" ALTER COLUMN "cached_input_per_million" SET NOT NULL;

-- The part of the input read from a prompt cache, per usage record and per day.
ALTER TABLE "usage_records" ADD COLUMN "cached_input_tokens" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "usage_daily" ADD COLUMN "cached_input_tokens" BIGINT NOT NULL DEFAULT 0;
