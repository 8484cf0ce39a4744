-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_verified_at" TIMESTAMPTZ(3);

-- Accounts made before verification existed got their starter credits at sign-up: they count as
-- verified, so that following a link later cannot grant the credits a second time.
UPDATE "users" SET "email_verified_at" = "created_at";
