"use client";
// What the create form offers and what is chosen: the catalog, the project's SSH keys and
// snapshots, and the user's picks (until the user picks, the first of each list is the choice).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/providers";

export function useInstanceChoice(projectId: string, fromSnapshot?: string) {
  const trpc = useTRPC();
  const catalog = useQuery(trpc.instances.catalog.queryOptions(undefined, { staleTime: Infinity }));
  // The engine's images: only products with one can be made here (a docker cloud has Debian only).
  const images = useQuery(trpc.instances.images.queryOptions(undefined, { staleTime: Infinity }));
  const sshKeys = useQuery(trpc.sshKeys.list.queryOptions({ projectId, limit: 100 }));
  const snapshots = useQuery(trpc.instances.snapshots.queryOptions({ projectId, limit: 100 }));
  const [choice, setChoice] = useState({ product: "", plan: "", region: "", ssh_key_id: "", snapshot_id: fromSnapshot ?? "" });
  const restoring = snapshots.data?.snapshots.find((s) => s.id === choice.snapshot_id && s.status === "available");
  // A snapshot holds the image of the instance it was taken of: that image is the one to send.
  const source = useQuery(trpc.instances.get.queryOptions({ projectId, id: restoring?.instance_id ?? "" }, { enabled: restoring !== undefined }));
  const pick = (field: keyof typeof choice) => (value: string) => setChoice((current) => ({ ...current, [field]: value }));
  const available = (snapshots.data?.snapshots ?? []).filter((s) => s.status === "available");
  const offered = (offer: NonNullable<typeof catalog.data>) => offer.products.filter((p) => images.data?.images.some((image) => image.product === p.id) ?? true);
  const engine = images.data?.images[0]?.engine;
  const chosen = (offer: NonNullable<typeof catalog.data>, keys: { id: string }[]) => ({
    product: (restoring && source.data?.instance.product) || choice.product || offered(offer)[0]?.id,
    plan: choice.plan || offer.plans[0]?.id,
    region: choice.region || offer.regions[0]?.id,
    ssh_key_id: choice.ssh_key_id || keys[0]?.id,
  });
  return { catalog, sshKeys, available, restoring, pick, chosen, offered, engine };
}
