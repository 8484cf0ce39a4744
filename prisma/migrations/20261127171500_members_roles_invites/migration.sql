-- Roles per membership: every membership made so far was the workspace's creator (its owner).
UPDATE "memberships" SET "role" = 'owner' WHERE "role" NOT IN ('owner', 'admin', 'developer', 'viewer');
ALTER TABLE "memberships" ALTER COLUMN "role" SET DEFAULT 'viewer';
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK ("role" IN ('owner', 'admin', 'developer', 'viewer'));

-- The workspace a console session acts in (set at sign-in, changed by the switcher); sessions
-- made before this acted in the user's first workspace.
ALTER TABLE "console_sessions" ADD COLUMN "workspace_id" TEXT;
UPDATE "console_sessions" s SET "workspace_id" = (
  SELECT m."workspace_id" FROM "memberships" m WHERE m."user_id" = s."user_id" ORDER BY m."created_at" LIMIT 1
);
CREATE INDEX "console_sessions_workspace_id_idx" ON "console_sessions"("workspace_id");
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "invites" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by" TEXT,

    CONSTRAINT "invites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "invites_role_check" CHECK ("role" IN ('owner', 'admin', 'developer', 'viewer'))
);

-- CreateIndex
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites"("token_hash");
CREATE INDEX "invites_workspace_id_idx" ON "invites"("workspace_id");

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_fkey" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_fkey" FOREIGN KEY ("accepted_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
