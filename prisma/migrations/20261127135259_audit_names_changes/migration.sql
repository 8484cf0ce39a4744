-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "actor_name" TEXT,
ADD COLUMN     "changes" JSONB,
ADD COLUMN     "request_id" TEXT,
ADD COLUMN     "target_name" TEXT,
ADD COLUMN     "target_type" TEXT;

-- CreateIndex
CREATE INDEX "audit_events_created_at_idx" ON "audit_events"("created_at");
