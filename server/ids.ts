// Ids of API.md: a type prefix, then a ULID (sortable by creation time, 80 random bits).
import { monotonicFactory } from "ulid";

const ulid = monotonicFactory();

export type IdPrefix =
  | "gen" | "prj" | "key" | "ins" | "act" | "snap" | "bkp" | "ssh" | "dom" | "rec"
  | "whk" | "evt" | "dlv" | "txn" | "req" | "usr" | "wsp" | "rsv" | "use" | "job" | "run" | "aud";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}
