"use client";
// Search in a list that can grow past a page: a box that narrows the list by name on the server
// (the list's `q`, asked 300 ms after the typing stops). It appears once the list is long enough to
// need it (more than SEARCH_FROM rows, or a further page), and stays while a search is set.
import { useEffect, useState } from "react";

export const SEARCH_FROM = 10;

export function useListSearch() {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, q, input: q ? { q } : {} };
}

type Search = ReturnType<typeof useListSearch>;
type Pages = { data?: { pages: unknown[] }; hasNextPage: boolean };

/** Whether the list is long enough to offer search (or a search is under way). */
export function wantsSearch(search: Search, pages: Pages, rows: (page: never) => unknown[]): boolean {
  if (search.text !== "" || search.q !== "") return true;
  const count = pages.data?.pages.reduce<number>((sum, page) => sum + rows(page as never).length, 0) ?? 0;
  return pages.hasNextPage || count > SEARCH_FROM;
}

export function ListSearch({ label, search, shown }: { label: string; search: Search; shown: boolean }) {
  if (!shown) return null;
  return (
    <div className="mb-3">
      <input
        type="search"
        aria-label={label}
        placeholder={`${label}…`}
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        maxLength={100}
        className="w-full max-w-sm rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
      />
    </div>
  );
}
