"use client";
// The numbers of the usage answer, row by row as the API lists them (oldest day first), and its totals.
import { creditAmount } from "@/components/console/format-credits";
import { useProject } from "@/components/console/project-context";
import { Table, TBody, Td, Th } from "@/components/ui/table";
import { engineLabel } from "./engine-series";
import type { Usage } from "./usage-days";

const count = (n: number) => n.toLocaleString("en-US");
const number = "text-right tabular-nums";

/** Instance hours are counted as the compute engine's requests: the console says hours, and no tokens. */
const isCompute = (engine: string) => engine === "compute";

/** The AI requests and the instance hours of the answer, apart. */
export function requestsAndHours(usage: Usage) {
  const hours = usage.data.filter((row) => isCompute(row.engine)).reduce((sum, row) => sum + row.requests, 0);
  return { requests: usage.totals.requests - hours, hours };
}

export function UsageTable({ usage }: { usage: Usage }) {
  const { projects } = useProject();
  const totals = requestsAndHours(usage);
  const projectName = (id: string) => projects.find((project) => project.id === id)?.name ?? id;
  return (
    <Table label="Usage by day, engine and project">
      <thead>
        <tr>
          <Th>Day</Th>
          <Th>Engine</Th>
          <Th>Project</Th>
          <Th className="text-right">Requests or hours</Th>
          <Th className="text-right">Input tokens</Th>
          <Th className="text-right">Output tokens</Th>
          <Th className="text-right">Credits</Th>
        </tr>
      </thead>
      <TBody>
        {usage.data.map((row) => (
          <tr key={`${row.day}-${row.engine}-${row.project_id}`} data-testid="usage-row">
            <Td label="Day" className="whitespace-nowrap tabular-nums">{row.day}</Td>
            <Td label="Engine">{engineLabel(row.engine)}</Td>
            <Td label="Project" className="max-w-[14rem] truncate" title={row.project_id}>
              {projectName(row.project_id)}
            </Td>
            {isCompute(row.engine) ? (
              <>
                <Td label="Hours" className={number}>{`${count(row.requests)} h`}</Td>
                <Td label="Input tokens" className={number}>—</Td>
                <Td label="Output tokens" className={number}>—</Td>
              </>
            ) : (
              <>
                <Td label="Requests" className={number}>{count(row.requests)}</Td>
                <Td label="Input tokens" className={number}>{count(row.input_tokens)}</Td>
                <Td label="Output tokens" className={number}>{count(row.output_tokens)}</Td>
              </>
            )}
            <Td label="Credits" className={number}>{creditAmount(row.credits)}</Td>
          </tr>
        ))}
      </TBody>
      <tfoot className="border-t-2 border-slate-200 font-semibold">
        <tr>
          <Td colSpan={3}>Total</Td>
          <Td label="Requests" className={number} data-testid="usage-total-requests">{count(totals.requests)}</Td>
          <Td label="Input tokens" className={number} data-testid="usage-total-input-tokens">{count(usage.totals.input_tokens)}</Td>
          <Td label="Output tokens" className={number} data-testid="usage-total-output-tokens">{count(usage.totals.output_tokens)}</Td>
          <Td label="Credits" className={number} data-testid="usage-total-credits">{creditAmount(usage.totals.credits)}</Td>
        </tr>
      </tfoot>
    </Table>
  );
}
