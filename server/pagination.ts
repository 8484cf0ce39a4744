// Cursor pagination of every list (`?limit=`, `?cursor=`): newest first by id (ids sort by creation
// time), `limit` items, `next_cursor` = the last id shown when there are more.
export type PageInput = { limit: number; cursor?: string };

/**
 * The Prisma arguments that fetch one page (one extra row tells whether there are more); newest
 * first unless `order` is "asc" (oldest first, where a list reads in creation order).
 */
export function pageArgs(page: PageInput, order: "asc" | "desc" = "desc") {
  return {
    cursorWhere: page.cursor ? { id: order === "desc" ? { lt: page.cursor } : { gt: page.cursor } } : {},
    orderBy: { id: order },
    take: page.limit + 1,
  };
}

export function toPage<T extends { id: string }>(rows: T[], limit: number): { shown: T[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  return { shown, next_cursor: rows.length > limit ? shown[shown.length - 1].id : null };
}
