// How each engine looks in the charts and tables: its name and its colour, the same everywhere.
import type { ChartSeries } from "@/components/ui/day-bar-chart";
import type { UsageEngine } from "./usage-days";

const engineSeries: Record<UsageEngine, ChartSeries> = {
  fire: { key: "fire", label: "Fire", color: "#f97316" },
  scholar: { key: "scholar", label: "Scholar", color: "#4f46e5" },
  advanced: { key: "advanced", label: "Advanced", color: "#9333ea" },
  vision: { key: "vision", label: "Vision", color: "#0d9488" },
  sentinel: { key: "sentinel", label: "Sentinel", color: "#e11d48" },
  compute: { key: "compute", label: "Compute", color: "#0284c7" },
};

export const seriesOf = (engine: UsageEngine): ChartSeries => engineSeries[engine];
export const engineLabel = (engine: string): string => engineSeries[engine as UsageEngine]?.label ?? engine;
