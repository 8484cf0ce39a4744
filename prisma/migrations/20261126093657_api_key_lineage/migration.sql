-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "parent_key_id" TEXT;

-- CreateIndex
CREATE INDEX "api_keys_parent_key_id_idx" ON "api_keys"("parent_key_id");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_parent_key_id_fkey" FOREIGN KEY ("parent_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;
