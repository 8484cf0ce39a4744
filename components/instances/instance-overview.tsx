"use client";
// What an instance is: addresses, size, image, region, key, backups, dates.
import { useQuery } from "@tanstack/react-query";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { Facts } from "@/components/ui/facts";
import { planRate, planSize } from "./plan-summary";
import { Moment } from "@/components/ui/moment";

type Instance = {
  id: string; status: string; hostname: string; product: string; plan: string; region: string; ssh_key_id: string | null;
  backups: boolean; status_reason: string | null; snapshot_id: string | null; ipv4: string | null; ipv6: string | null; created_at: string | null; updated_at: string | null;
  engine: "simulated" | "docker"; image: string; ssh: { host: string; port: number; user: string } | null;
};

/** How to log in, as a command to copy; or why there is nothing to log into. */
function Login({ instance }: { instance: Instance }) {
  if (instance.engine === "simulated") return <span className="text-slate-600">Nothing to log into: the instance is simulated</span>;
  if (!instance.ssh) return <span className="text-slate-500">once it runs</span>;
  return <code data-testid="ssh-command" className="break-all text-xs">ssh -p {instance.ssh.port} {instance.ssh.user}@{instance.ssh.host}</code>;
}

export function InstanceOverview({ projectId, instance }: { projectId: string; instance: Instance }) {
  const trpc = useTRPC();
  const catalog = useQuery(trpc.instances.catalog.queryOptions(undefined, { staleTime: Infinity }));
  const sshKeys = useQuery(trpc.sshKeys.list.queryOptions({ projectId, limit: 100 }));
  const plan = catalog.data?.plans.find((p) => p.id === instance.plan);
  const image = catalog.data?.products.find((p) => p.id === instance.product);
  const region = catalog.data?.regions.find((r) => r.id === instance.region);
  const key = sshKeys.data?.ssh_keys.find((k) => k.id === instance.ssh_key_id);
  const address = (ip: string | null) =>
    ip ? <span className="font-mono text-xs">{ip}</span> : instance.engine === "docker" ? <span className="text-slate-500">none: reached by SSH</span> : <span className="text-slate-500">not assigned yet</span>;

  return (
    <Facts
      items={[
        {
          term: "Engine",
          value:
            instance.engine === "simulated" ? (
              <span data-testid="engine-simulated">Simulated: no machine exists; nothing answers at its address</span>
            ) : (
              <span data-testid="engine-docker">A Linux container (Docker Engine)</span>
            ),
        },
        { term: "SSH", value: <Login instance={instance} /> },
        { term: "IPv4", value: address(instance.ipv4) },
        { term: "IPv6", value: address(instance.ipv6) },
        {
          term: "Plan",
          value: (
            <>
              <span className="font-mono text-xs">{instance.plan}</span>
              {plan && <span className="block text-xs text-slate-600">{planSize(plan)} · {planRate(plan)}</span>}
            </>
          ),
        },
        { term: "Image", value: image?.name ?? instance.product },
        ...(instance.snapshot_id ? [{ term: "Restored from", value: <code className="break-all text-xs">{instance.snapshot_id}</code> }] : []),
        { term: "Region", value: region ? `${region.name} (${region.id})` : instance.region },
        {
          term: "SSH key",
          value: key ? key.name : !instance.ssh_key_id ? "—" : sshKeys.isPending ? "…" : <span className="text-slate-500">a key since removed from the project</span>,
        },
        { term: "Backups", value: instance.backups ? "On" : "Off" },
        { term: "Created", value: <Moment at={instance.created_at} /> },
        { term: "Last change", value: <Moment at={instance.updated_at} relative /> },
      ]}
    />
  );
}
