// Cursor pagination of API.md §1: newest first by id (ids sort by creation time), `limit` items,
// `next_cursor` = the last id shown when there are more.
export type PageInput = { limit: number; cursor?: string };

/** The Prisma arguments that fetch one page (one extra row tells whether there are more). */
export function pageArgs(page: PageInput) {
  return {
    cursorWhere: page.cursor ? { id: { lt: page.cursor } } : {},
    orderBy: { id: "desc" as const },
    take: page.limit + 1,
  };
}

export function toPage<T extends { id: string }>(rows: T[], limit: number): { shown: T[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  return { shown, next_cursor: rows.length > limit ? shown[shown.length - 1].id : null };
}
