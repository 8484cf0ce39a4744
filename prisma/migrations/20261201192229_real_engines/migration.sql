-- Real engines (API.md 3.11): the engine and image of an instance and its SSH relay port, the
-- engine's name of a snapshot, what the backup store holds of a backup, and the name server's zones.
-- AlterTable
ALTER TABLE "backups" ADD COLUMN     "checksum" TEXT,
ADD COLUMN     "size_bytes" BIGINT,
ADD COLUMN     "stored_at" TEXT;

-- AlterTable
ALTER TABLE "instances" ADD COLUMN     "engine" TEXT NOT NULL DEFAULT 'simulated',
ADD COLUMN     "image" TEXT,
ADD COLUMN     "ssh_port" INTEGER;

-- AlterTable
ALTER TABLE "snapshots" ADD COLUMN     "engine_ref" TEXT;

-- CreateTable
CREATE TABLE "dns_zones" (
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "served_version" INTEGER NOT NULL DEFAULT 0,
    "served" BOOLEAN NOT NULL DEFAULT false,
    "lease_until" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dns_zones_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "dns_zones_served_version_version_idx" ON "dns_zones"("served_version", "version");

-- Two instances never share an SSH relay port while either exists (a port is free again once its
-- instance is deleted); the driver allocates with this index as the arbiter.
CREATE UNIQUE INDEX "instances_ssh_port_live" ON "instances"("ssh_port") WHERE "ssh_port" IS NOT NULL AND "status" <> 'deleted';
