"use client";
// The five products' live rates, in credits per million tokens, one small form each.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { Loading, LoadError } from "@/components/ui/states";
import { productIds } from "@/server/vocab/products";
import { RateRow } from "./rate-row";

export function RateEditor() {
  const trpc = useTRPC();
  const rates = useQuery(trpc.operator.rates.queryOptions());
  if (rates.isPending) return <Loading label="Loading product rates" />;
  if (rates.isError) return <LoadError error={rates.error} retry={() => rates.refetch()} />;
  return (
    <div className="-mt-4 divide-y divide-slate-100">
      {productIds.map((product) => (
        <RateRow key={product} product={product} rate={rates.data.find((rate) => rate.product === product)} />
      ))}
    </div>
  );
}
