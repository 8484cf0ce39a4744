-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "created_by_user_id" TEXT;

-- Keys made before this column: their maker is in the audit log (a console member's api_key.create).
UPDATE "api_keys" AS k SET "created_by_user_id" = a."actor_id"
FROM "audit_events" AS a
WHERE a."action" = 'api_key.create' AND a."actor_type" = 'user' AND a."target" = k."id" AND k."created_by_user_id" IS NULL;
