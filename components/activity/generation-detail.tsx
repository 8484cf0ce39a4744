"use client";
// One generation of the chosen project: what ran, how it went and what it cost (never its text).
// One of another project (or none) is said to be missing rather than shown as an error.
import { useQuery } from "@tanstack/react-query";
import { errorCode } from "@/components/console/form-errors";
import { creditAmount } from "@/components/console/format-credits";
import { formatTime } from "@/components/console/format-time";
import { useProject } from "@/components/console/project-context";
import { useTRPC } from "@/components/providers";
import { BackLink } from "@/components/ui/back-link";
import { Card } from "@/components/ui/card";
import { Facts } from "@/components/ui/facts";
import { Loaded } from "@/components/ui/paged-list";
import { PageHeader } from "@/components/ui/page-header";
import { Empty } from "@/components/ui/states";
import { GenerationStatus, milliseconds } from "./generation-status";
import { Moment } from "@/components/ui/moment";

export function GenerationDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const { project } = useProject();
  const generation = useQuery(trpc.generations.get.queryOptions({ projectId: project.id, id }, { retry: false }));
  return (
    <div className="space-y-6">
      <BackLink href="/activity" label="Activity" />
      <PageHeader title="Generation" description={id} />
      {errorCode(generation.error) === "not_found" ? (
        <Empty title="No such generation in this project" testId="generation-not-found">
          The project <span className="font-medium">{project.name}</span> has no generation {id}. It may belong to another project: choose that one in the header.
        </Empty>
      ) : (
        <Loaded query={generation} loading="Loading the generation">
          {(g) => (
            <Card title="Facts">
              <Facts
                items={[
                  { term: "When", value: <Moment at={g.created_at} /> },
                  { term: "Status", value: <GenerationStatus status={g.status} errorCode={g.error_code} /> },
                  { term: "Product", value: g.product },
                  { term: "Endpoint", value: `${g.endpoint} (${g.door})` },
                  { term: "Key", value: g.key ? `${g.key.name} (${g.key.id})` : "playground" },
                  { term: "Finish reason", value: g.finish_reason ?? "—" },
                  { term: "Tokens in / out", value: `${g.usage.input_tokens} / ${g.usage.output_tokens}` },
                  { term: "Credits", value: creditAmount(g.usage.credits) },
                  { term: "Latency", value: milliseconds(g.latency_ms) },
                  { term: "First token", value: milliseconds(g.first_token_ms) },
                  { term: "Attempts", value: `${g.routing.attempts}${g.routing.escalated ? ", escalated" : ""}` },
                  { term: "Routing", value: g.routing.reason ?? "—" },
                ]}
              />
            </Card>
          )}
        </Loaded>
      )}
    </div>
  );
}
