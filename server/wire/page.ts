// Cursor pagination of every list (`?limit=`, `?cursor=`): newest first by id (ids sort by creation
// time), `limit` items, `next_cursor` = the last id shown when there are more.
import "server-only";
import { z } from "zod";
import { cursor } from "./schema";

/** `?limit=` and `?cursor=`, the query of every paged list. */
export const listInput = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Items per page." }),
  cursor: cursor(),
});
export type ListInput = z.infer<typeof listInput>;

/**
 * The Prisma arguments that fetch one page (one extra row tells whether there are more); newest
 * first unless `order` is "asc" (oldest first, where a list reads in creation order).
 */
export function pageArgs(page: ListInput, order: "asc" | "desc" = "desc") {
  return {
    cursorWhere: page.cursor ? { id: order === "desc" ? { lt: page.cursor } : { gt: page.cursor } } : {},
    orderBy: { id: order },
    take: page.limit + 1,
  };
}
export type PageArgs = ReturnType<typeof pageArgs>;

export function toPage<T extends { id: string }>(rows: T[], limit: number): { shown: T[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  return { shown, next_cursor: rows.length > limit ? shown[shown.length - 1].id : null };
}

/** One page of a list: `find` reads the rows with the page's arguments (`cursorWhere` goes in its `where`). */
export async function findPage<T extends { id: string }>(page: ListInput, find: (args: PageArgs) => Promise<T[]>, order: "asc" | "desc" = "desc") {
  return toPage(await find(pageArgs(page, order)), page.limit);
}
