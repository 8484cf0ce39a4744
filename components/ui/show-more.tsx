"use client";
import { Button } from "./button";

type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The "Show more" under a paged list (an infinite query); nothing once the last page is shown. */
export function ShowMore({ pages, label = "Show more", className = "mt-3" }: { pages: Paged; label?: string; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="secondary" className={className} onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
      {pages.isFetchingNextPage ? "Loading…" : label}
    </Button>
  );
}

/** The infinite-query option of every list of the API: the next page starts at `next_cursor`. */
export const afterCursor = { getNextPageParam: (page: { next_cursor: string | null }) => page.next_cursor ?? undefined };
