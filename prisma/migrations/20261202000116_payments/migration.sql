-- CreateTable
CREATE TABLE "payments" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "credits" BIGINT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "checkout_id" TEXT,
    "payment_intent_id" TEXT,
    "charge_id" TEXT,
    "receipt_url" TEXT,
    "undoes_id" TEXT,
    "provider_ref" TEXT,
    "failure_reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "claimed_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auto_recharges" (
    "workspace_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "threshold" BIGINT NOT NULL DEFAULT 5000000,
    "target" BIGINT,
    "amount" BIGINT,
    "monthly_cap" BIGINT,
    "customer_id" TEXT,
    "payment_method_id" TEXT,
    "card_brand" TEXT,
    "card_last4" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "disabled_reason" TEXT,
    "paused_until" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auto_recharges_pkey" PRIMARY KEY ("workspace_id")
);

-- CreateTable
CREATE TABLE "provider_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_checkout_id_key" ON "payments"("checkout_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_payment_intent_id_key" ON "payments"("payment_intent_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments"("provider_ref");

-- CreateIndex
CREATE INDEX "payments_workspace_id_id_idx" ON "payments"("workspace_id", "id");

-- CreateIndex
CREATE INDEX "payments_undoes_id_idx" ON "payments"("undoes_id");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auto_recharges" ADD CONSTRAINT "auto_recharges_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A refunded or disputed payment takes its credits back even when they were spent: the balance
-- may go below zero (new work is then refused with 402 until it is topped up again), and below
-- what is reserved. Reservations still need balance - reserved to cover them (reserve_credits).
ALTER TABLE "workspaces" DROP CONSTRAINT "workspaces_balance_nonnegative";
ALTER TABLE "workspaces" DROP CONSTRAINT "workspaces_reserved_within_balance";
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_reserved_nonnegative" CHECK ("reserved" >= 0);
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_after_nonnegative";

ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("kind" IN ('top_up', 'auto_recharge', 'refund', 'dispute'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_amounts_check" CHECK ("credits" >= 0 AND "amount" >= 0);
ALTER TABLE "auto_recharges" ADD CONSTRAINT "auto_recharges_amounts_check"
  CHECK ("threshold" >= 0 AND COALESCE("target", 0) >= 0 AND COALESCE("amount", 0) >= 0 AND COALESCE("monthly_cap", 0) >= 0);

-- At most one auto-recharge in flight per workspace, whichever replica's settlement asked for it:
-- the settlement's INSERT ... ON CONFLICT DO NOTHING meets this index.
CREATE UNIQUE INDEX "payments_one_auto_recharge_pending" ON "payments"("workspace_id") WHERE "kind" = 'auto_recharge' AND "status" = 'pending';
