"use client";
// The one shape of every list in the console: a skeleton while it loads, the error if loading failed,
// a note when there is nothing, else the rows and a "Show more" while the API has further pages.
import type { ReactNode } from "react";
import { ShowMore } from "./show-more";
import { LoadError, Loading } from "./states";

/** A query's state, as TanStack Query gives it (plain or infinite). */
type Queried<Data> = ({ status: "pending" } | { status: "error"; error: { message: string } } | { status: "success"; data: Data }) & { refetch?: () => unknown };

/** A query's skeleton (`loading` names it for screen readers) or its error, else what `children` makes of its data. */
export function Loaded<Data>({ query, loading, children }: { query: Queried<Data>; loading: string | ReactNode; children: (data: Data) => ReactNode }) {
  if (query.status === "pending") return typeof loading === "string" ? <Loading label={loading} /> : loading;
  if (query.status === "error") return <LoadError error={query.error} retry={query.refetch} />;
  return children(query.data);
}

type Pages<Page> = Queried<{ pages: Page[] }> & {
  data?: { pages: Page[] };
  error?: { message: string } | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

type PagedListProps<Page, Row> = {
  /** The infinite query of the list. */
  pages: Pages<Page>;
  /** The rows of one page of the API's answer. */
  rowsOf: (page: Page) => Row[];
  loading: string | ReactNode;
  empty: ReactNode;
  /** What the "Show more" button says and where it sits. */
  showMore?: { label?: string; className?: string };
  /** A failed "Show more" keeps the rows shown, its error below them (else the error replaces the list). */
  keepRowsOnMoreError?: boolean;
  /** Wraps both the empty note and the rows (a section with its heading, say). */
  frame?: (content: ReactNode) => ReactNode;
  children: (rows: Row[]) => ReactNode;
};

export function PagedList<Page, Row>({ pages, rowsOf, loading, empty, showMore, keepRowsOnMoreError, frame = (content) => content, children }: PagedListProps<Page, Row>) {
  const moreFailed = keepRowsOnMoreError && pages.isFetchNextPageError && pages.data !== undefined;
  return (
    <Loaded query={moreFailed && pages.data ? { status: "success", data: pages.data } : pages} loading={loading}>
      {(data) => {
        const rows = data.pages.flatMap(rowsOf);
        if (rows.length === 0) return frame(empty);
        return frame(
          <>
            {children(rows)}
            <ShowMore pages={pages} {...showMore} />
            {moreFailed && (
              <div className="mt-3">
                <LoadError error={pages.error ?? { message: "the next page did not load." }} retry={pages.fetchNextPage} />
              </div>
            )}
          </>,
        );
      }}
    </Loaded>
  );
}
