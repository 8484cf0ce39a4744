// The console's search in a list that can grow past a page (instances, SSH keys, domains,
// projects, webhooks by URL or description): `q`, a piece of the name in any case, on top of the list's paging. Console only: the
// REST lists keep their contract (API.md) and page through everything.
import "server-only";
import { z } from "zod";
import { listInput } from "./page";

export const searchInput = z.object({
  ...listInput.shape,
  q: z.string().trim().max(100).optional().meta({ description: "Only items whose name holds this text, in any case." }),
});

/** The condition on `field` for a search (none for an empty one). */
export const nameHolds = (field: string, q: string | undefined) => (q ? { [field]: { contains: q, mode: "insensitive" as const } } : {});
