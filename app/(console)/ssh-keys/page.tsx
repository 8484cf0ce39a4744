import type { Metadata } from "next";
import { SshKeysPanel } from "@/components/ssh-keys/ssh-keys-panel";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "SSH keys · Switchyard" };

export default async function SshKeysPage() {
  await consoleWorkspace();
  return <SshKeysPanel />;
}
