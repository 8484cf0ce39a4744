// A plan in words, the same everywhere a plan is chosen or shown.
import { formatCredits } from "@/components/console/format-credits";

export type Plan = { id: string; vcpus: number; memory_mb: number; disk_gb: number; hourly_rate: number };

const memory = (mb: number) => (mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`);

/** "2 vCPUs · 4 GB memory · 80 GB disk" */
export function planSize(plan: Plan): string {
  return `${plan.vcpus} vCPU${plan.vcpus === 1 ? "" : "s"} · ${memory(plan.memory_mb)} memory · ${plan.disk_gb} GB disk`;
}

/** "0.04 credits per hour" */
export const planRate = (plan: Plan) => `${formatCredits(plan.hourly_rate)} per hour`;
