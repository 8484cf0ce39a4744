import type { Metadata } from "next";
import { DomainsPanel } from "@/components/domains/domains-panel";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Domains · Switchyard" };

export default async function DomainsPage() {
  await consoleWorkspace();
  return <DomainsPanel />;
}
