-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "low_balance_mail" BOOLEAN NOT NULL DEFAULT false;
