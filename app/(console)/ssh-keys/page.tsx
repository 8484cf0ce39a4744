import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "SSH keys · Switchyard" };

export default async function SSHkeysPage() {
  await consoleWorkspace();
  return <PageHeader title="SSH keys" description="Public keys that new instances of this project accept." />;
}
