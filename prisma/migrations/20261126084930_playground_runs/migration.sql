-- CreateTable
CREATE TABLE "playground_runs" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "playground_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "playground_runs_created_at_idx" ON "playground_runs"("created_at");
