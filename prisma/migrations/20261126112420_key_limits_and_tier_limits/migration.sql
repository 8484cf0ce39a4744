-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "monthly_credit_limit" BIGINT,
ADD COLUMN     "rate_limit_api" INTEGER,
ADD COLUMN     "rate_limit_generate" INTEGER;

-- AlterTable
ALTER TABLE "reservations" ADD COLUMN     "key_id" TEXT;

-- CreateTable
CREATE TABLE "key_monthly_spend" (
    "key_id" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "used" BIGINT NOT NULL DEFAULT 0,
    "reserved" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "key_monthly_spend_pkey" PRIMARY KEY ("key_id","month")
);

-- CreateTable
CREATE TABLE "tier_limits" (
    "tier" TEXT NOT NULL,
    "generate" INTEGER NOT NULL,
    "api" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tier_limits_pkey" PRIMARY KEY ("tier")
);

-- AddForeignKey
ALTER TABLE "key_monthly_spend" ADD CONSTRAINT "key_monthly_spend_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Spend rows never go below zero.
ALTER TABLE "key_monthly_spend" ADD CONSTRAINT "key_monthly_spend_used_check" CHECK ("used" >= 0);
ALTER TABLE "key_monthly_spend" ADD CONSTRAINT "key_monthly_spend_reserved_check" CHECK ("reserved" >= 0);
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_rate_limits_check" CHECK (COALESCE("rate_limit_generate", 1) >= 1 AND COALESCE("rate_limit_api", 1) >= 1);
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_monthly_credit_limit_check" CHECK (COALESCE("monthly_credit_limit", 0) >= 0);

-- The tiers' limits as they were in code, now live.
INSERT INTO "tier_limits" ("tier", "generate", "api") VALUES
  ('starter', 60, 1000), ('growth', 300, 3000), ('scale', 1200, 10000)
ON CONFLICT ("tier") DO NOTHING;

-- One reservation in one round trip: holds `p_amount` on the key's spend row of this UTC month
-- (when the key has a monthly limit, only if used + reserved + amount stays within it) and on the
-- workspace (only if balance - reserved covers it), and records the reservation. Locks go key row
-- first, then workspace, the order settle, release and the sweeper keep too. Answers 'held',
-- 'key_credit_limit_reached' or 'insufficient_credits'; a refusal leaves nothing held.
CREATE FUNCTION reserve_credits(p_id TEXT, p_workspace_id TEXT, p_key_id TEXT, p_amount BIGINT, p_expires_at TIMESTAMPTZ)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  -- Rounded as reservations.created_at stores it, so settle finds the same month from that column.
  v_month DATE := date_trunc('month', now()::timestamptz(3) AT TIME ZONE 'UTC')::date;
  v_limit BIGINT;
BEGIN
  IF p_key_id IS NOT NULL THEN
    SELECT monthly_credit_limit INTO v_limit FROM api_keys WHERE id = p_key_id;
    INSERT INTO key_monthly_spend AS s (key_id, month, used, reserved)
    SELECT p_key_id, v_month, 0, p_amount WHERE v_limit IS NULL OR p_amount <= v_limit
    ON CONFLICT (key_id, month) DO UPDATE SET reserved = s.reserved + EXCLUDED.reserved
      WHERE v_limit IS NULL OR s.used + s.reserved + EXCLUDED.reserved <= v_limit;
    IF NOT FOUND THEN RETURN 'key_credit_limit_reached'; END IF;
  END IF;
  UPDATE workspaces SET reserved = reserved + p_amount WHERE id = p_workspace_id AND balance - reserved >= p_amount;
  IF NOT FOUND THEN
    -- The key's row is still locked by this statement: giving its hold back is exact.
    IF p_key_id IS NOT NULL THEN
      UPDATE key_monthly_spend SET reserved = reserved - p_amount WHERE key_id = p_key_id AND month = v_month;
    END IF;
    RETURN 'insufficient_credits';
  END IF;
  INSERT INTO reservations (id, workspace_id, key_id, amount, status, expires_at, created_at)
  VALUES (p_id, p_workspace_id, p_key_id, p_amount, 'held', p_expires_at, now());
  RETURN 'held';
END $$;
