// What an instance can be made of: images (products), sizes (plans, with hourly rates in credits)
// and regions.
import "server-only";
export const cloudProducts = [
  { id: "ubuntu-24.04", name: "Ubuntu 24.04 LTS" },
  { id: "debian-12", name: "Debian 12" },
  { id: "rocky-9", name: "Rocky Linux 9" },
] as const;

/** `max_processes`: how many processes and threads an instance of the plan may run at once (the engine's pids limit). */
export const plans = [
  { id: "s-1vcpu-1gb", vcpus: 1, memory_mb: 1024, disk_gb: 25, max_processes: 512, hourly_rate: 0.01 },
  { id: "s-2vcpu-4gb", vcpus: 2, memory_mb: 4096, disk_gb: 80, max_processes: 1024, hourly_rate: 0.04 },
  { id: "c-4vcpu-8gb", vcpus: 4, memory_mb: 8192, disk_gb: 160, max_processes: 2048, hourly_rate: 0.12 },
  { id: "m-8vcpu-64gb", vcpus: 8, memory_mb: 65536, disk_gb: 320, max_processes: 4096, hourly_rate: 0.48 },
] as const;

export const regions = [
  { id: "fra1", name: "Frankfurt" },
  { id: "ams1", name: "Amsterdam" },
  { id: "nyc1", name: "New York" },
] as const;

export type PlanId = (typeof plans)[number]["id"];
export const planOf = (id: string) => plans.find((plan) => plan.id === id);
export const catalog = () => ({ products: cloudProducts, plans, regions });

/**
 * Why a resize from one plan to another is refused, or null: a resize never shrinks the disk, so
 * the refusal names the plans allowed, smallest first.
 */
export function resizeRefusal(from: string, to: string): string | null {
  const current = planOf(from);
  const next = planOf(to);
  if (!current || !next || next.disk_gb >= current.disk_gb) return null;
  const said = `Plan ${to} has a disk of ${next.disk_gb} GB, smaller than the ${current.disk_gb} GB of plan ${from}; a resize never shrinks the disk`;
  const allowed = plans.filter((plan) => plan.id !== from && plan.disk_gb >= current.disk_gb).sort((x, y) => x.disk_gb - y.disk_gb);
  if (allowed.length === 0) return `${said}, and no plan has a larger disk.`;
  const ids = allowed.map((plan) => plan.id);
  return `${said}. Pick ${ids.length === 1 ? ids[0] : `${ids.slice(0, -1).join(", ")} or ${ids.at(-1)}`}.`;
}
