import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Webhooks · Switchyard" };

export default async function WebhooksPage() {
  await consoleWorkspace();
  return <PageHeader title="Webhooks" description="Endpoints that receive this project's events, signed." />;
}
