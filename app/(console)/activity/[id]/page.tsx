import type { Metadata } from "next";
import { GenerationDetail } from "@/components/activity/generation-detail";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Generation · Switchyard" };

export default async function GenerationPage({ params }: { params: Promise<{ id: string }> }) {
  await consoleWorkspace();
  const { id } = await params;
  return <GenerationDetail id={decodeURIComponent(id)} />;
}
