"use client";
// The day bar chart, its chart library fetched only when a page draws one (not with every page
// that imports this): a pulse of the chart's height stands in while it arrives.
import dynamic from "next/dynamic";

export const DayBarChart = dynamic(() => import("./day-bar-chart").then((module) => module.DayBarChart), {
  ssr: false,
  loading: () => <div role="status" aria-busy="true" aria-label="Loading the chart" className="h-56 animate-pulse rounded bg-slate-100" />,
});
