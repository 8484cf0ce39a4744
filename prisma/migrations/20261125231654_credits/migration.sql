-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "low_balance_threshold" BIGINT NOT NULL DEFAULT 1000000,
ADD COLUMN     "reserved" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "balance_after" BIGINT NOT NULL,
    "reservation_id" TEXT,
    "project_id" TEXT,
    "description" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reservations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'held',
    "charged" BIGINT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_rates" (
    "product" TEXT NOT NULL,
    "input_per_million" BIGINT NOT NULL,
    "output_per_million" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "product_rates_pkey" PRIMARY KEY ("product")
);

-- CreateTable
CREATE TABLE "usage_records" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "key_id" TEXT,
    "engine" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 1,
    "input_tokens" BIGINT NOT NULL DEFAULT 0,
    "output_tokens" BIGINT NOT NULL DEFAULT 0,
    "credits" BIGINT NOT NULL,
    "metadata" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "usage_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "usage_daily" (
    "workspace_id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "requests" BIGINT NOT NULL DEFAULT 0,
    "input_tokens" BIGINT NOT NULL DEFAULT 0,
    "output_tokens" BIGINT NOT NULL DEFAULT 0,
    "credits" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "usage_daily_pkey" PRIMARY KEY ("workspace_id","day","project_id","engine")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "project_id" TEXT,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_reservation_id_key" ON "ledger_entries"("reservation_id");

-- CreateIndex
CREATE INDEX "ledger_entries_workspace_id_id_idx" ON "ledger_entries"("workspace_id", "id");

-- CreateIndex
CREATE INDEX "reservations_status_expires_at_idx" ON "reservations"("status", "expires_at");

-- CreateIndex
CREATE INDEX "reservations_workspace_id_idx" ON "reservations"("workspace_id");

-- CreateIndex
CREATE INDEX "usage_records_workspace_id_day_idx" ON "usage_records"("workspace_id", "day");

-- CreateIndex
CREATE INDEX "outbox_events_dispatched_at_created_at_idx" ON "outbox_events"("dispatched_at", "created_at");

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Money invariants, the last line of defence behind the ledger's conditional updates.
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_reserved_within_balance" CHECK ("reserved" >= 0 AND "reserved" <= "balance");
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_after_nonnegative" CHECK ("balance_after" >= 0);

-- Default product rates (micro-credits per million tokens); operators change them at run time.
INSERT INTO "product_rates" ("product", "input_per_million", "output_per_million") VALUES
  ('fire', 200000, 800000),
  ('scholar', 1200000, 4800000),
  ('advanced', 6000000, 24000000),
  ('vision', 2400000, 9600000),
  ('sentinel', 3000000, 12000000);
