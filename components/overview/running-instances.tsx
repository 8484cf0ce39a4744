"use client";
// The selected project's running instances (a few; the instances page has them all).
import { useQuery } from "@tanstack/react-query";
import { useProject } from "@/components/console/project-context";
import { useTRPC } from "@/components/providers";
import { Badge } from "@/components/ui/badge";
import { Card, CardLink } from "@/components/ui/card";
import { Loaded } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";

const SHOWN = 5;

export function RunningInstances() {
  const trpc = useTRPC();
  const { project } = useProject();
  // Instances and deliveries change outside the console (the API, the workers): fetch afresh on every visit.
  const running = useQuery(trpc.instances.list.queryOptions({ projectId: project.id, status: "running", limit: SHOWN }, { staleTime: 0 }));
  return (
    <Card title="Running instances" subtitle={project.name} action={<CardLink href="/instances">Instances</CardLink>} testId="running-instances">
      <Loaded query={running} loading="Loading instances">
        {({ instances, next_cursor }) =>
          instances.length === 0 ? (
            <Empty title={`No instance is running in ${project.name}`}>Instances you create or power on show here.</Empty>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {instances.map((instance) => (
                  <li key={instance.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="running-instance">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{instance.hostname}</p>
                      <p className="truncate text-xs text-slate-500">
                        {instance.plan} · {instance.region}
                        {instance.ipv4 && <> · <span className="font-mono">{instance.ipv4}</span></>}
                      </p>
                    </div>
                    <Badge tone="good">running</Badge>
                  </li>
                ))}
              </ul>
              {next_cursor && <p className="mt-2 text-xs text-slate-500">More are running: see all on the Instances page.</p>}
            </>
          )
        }
      </Loaded>
    </Card>
  );
}
