-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "project_id" TEXT;

-- CreateIndex
CREATE INDEX "audit_events_project_id_id_idx" ON "audit_events"("project_id", "id");
