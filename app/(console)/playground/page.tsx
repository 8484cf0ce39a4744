import type { Metadata } from "next";
import { PlaygroundPanel } from "@/components/playground/playground-panel";
import { PageHeader } from "@/components/ui/page-header";
import { productIds, products } from "@/server/vocab/products";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Playground · Switchyard" };

export default async function PlaygroundPage() {
  await consoleWorkspace();
  const choices = productIds.map((id) => ({ id, endpoints: [...products[id].endpoints] }));
  return (
    <div className="space-y-6">
      <PageHeader title="Playground" description="Try the AI API and watch the answer stream in. Runs are charged to the selected project, like any API call." />
      <PlaygroundPanel products={choices} />
    </div>
  );
}
