"use client";
// Bars by UTC day (recharts): one series, or several stacked per day. Every day of the data is
// drawn, so a day without usage shows as a gap on a continuous axis, not as a missing column.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type ChartSeries = { key: string; label: string; color: string };
export type DayPoint = { day: string } & Record<string, number | string>;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const shortDay = (day: string) => utc(day).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = (day: string) => utc(day).toLocaleDateString("en-US", { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const axisNumber = (value: number) => value.toLocaleString("en-US", { maximumSignificantDigits: 3, notation: value >= 10_000 ? "compact" : "standard" });
const tick = { fontSize: 12, fill: "#64748b" };

type DayBarChartProps = {
  data: DayPoint[];
  series: ChartSeries[];
  /** What the chart shows, for screen readers: "Credits spent per day, last 30 days". */
  label: string;
  /** A value as the tooltip shows it. */
  format: (value: number) => string;
  height?: number;
  /** Name the series under the chart; by default only when there are several. */
  legend?: boolean;
  testId?: string;
};

export function DayBarChart({ data, series, label, format, height = 260, legend, testId }: DayBarChartProps) {
  const stacked = series.length > 1;
  return (
    <figure aria-label={label} data-testid={testId} className="w-full">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
        <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} barCategoryGap="15%">
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={tick} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={12} interval="preserveStartEnd" />
          <YAxis tickFormatter={axisNumber} tick={tick} tickLine={false} axisLine={false} width="auto" allowDecimals />
          <Tooltip
            cursor={{ fill: "#f1f5f9" }}
            labelFormatter={(day) => longDay(String(day))}
            formatter={(value, name) => [format(Number(value)), name]}
            contentStyle={{ borderRadius: 6, borderColor: "#e2e8f0", fontSize: 13 }}
          />
          {(legend ?? stacked) && <Legend itemSorter={null} iconType="square" iconSize={10} wrapperStyle={{ fontSize: 12, paddingTop: 4 }} />}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={stacked ? "day" : undefined} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
