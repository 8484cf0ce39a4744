import type { Metadata } from "next";
import { GenerationDetail } from "@/components/activity/generation-detail";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Generation · Switchyard" };

export default async function GenerationPage({ params }: { params: Promise<{ id: string }> }) {
  await consoleWorkspace();
  const { id } = await params;
  return <GenerationDetail id={decoded(id)} />;
}

/** The id as typed: percent-decoded when it is percent-encoding, as it is otherwise ("/activity/%" is simply not found). */
function decoded(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
