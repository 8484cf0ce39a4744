-- AlterTable
ALTER TABLE "backups" ADD COLUMN     "action_id" TEXT;

-- AlterTable
ALTER TABLE "instances" ADD COLUMN     "backup_id" TEXT;

-- AddForeignKey
ALTER TABLE "backups" ADD CONSTRAINT "backups_action_id_fkey" FOREIGN KEY ("action_id") REFERENCES "actions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
