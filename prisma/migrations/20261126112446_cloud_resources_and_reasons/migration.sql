-- AlterTable
ALTER TABLE "actions" ADD COLUMN     "reason" TEXT;

-- AlterTable
ALTER TABLE "instances" ADD COLUMN     "snapshot_id" TEXT,
ADD COLUMN     "status_reason" TEXT;

-- AlterTable
ALTER TABLE "ledger_entries" ADD COLUMN     "resource" TEXT;
