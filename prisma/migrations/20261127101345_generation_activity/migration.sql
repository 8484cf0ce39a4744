-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "door" TEXT NOT NULL DEFAULT 'native',
ADD COLUMN     "error_code" TEXT,
ADD COLUMN     "escalated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "finish_reason" TEXT,
ADD COLUMN     "first_token_ms" INTEGER,
ADD COLUMN     "latency_ms" INTEGER,
ADD COLUMN     "routing_reason" TEXT;

-- CreateIndex
CREATE INDEX "generations_project_id_id_idx" ON "generations"("project_id", "id");

-- Generations recorded before the door was: those without a key came from the console's playground.
UPDATE "generations" SET "door" = 'playground' WHERE "key_id" IS NULL;
