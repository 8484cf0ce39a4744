import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Playground · Switchyard" };

export default async function PlaygroundPage() {
  await consoleWorkspace();
  return <PageHeader title="Playground" description="Try the AI API and watch the answer stream in." />;
}
