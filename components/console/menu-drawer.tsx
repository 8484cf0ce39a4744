"use client";
// The console's navigation on a phone: one button in the header naming the page you are on, opening
// a panel with every page, the projects link, the workspace's balance and tier, and signing out.
// Closes on a chosen link, on Escape, and gives focus back to its button.
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { linkOf } from "./console-links";
import { ConsoleNav } from "./console-nav";

/** The page's name as the navigation says it ("Projects" for /projects). */
export function currentPageLabel(pathname: string): string {
  const link = linkOf(pathname);
  return link?.label ?? (pathname.startsWith("/projects") ? "Projects" : "Menu");
}

export function MenuDrawer({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="console-menu"
        onClick={() => setOpen(!open)}
        className="inline-flex max-w-[9rem] items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-900"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
          {open ? <path d="M5.3 4.3 10 9l4.7-4.7 1 1L11 10l4.7 4.7-1 1L10 11l-4.7 4.7-1-1L9 10 4.3 5.3z" /> : <path d="M3 5h14v1.5H3zm0 4.25h14v1.5H3zM3 13.5h14V15H3z" />}
        </svg>
        <span className="truncate">{currentPageLabel(pathname)}</span>
        <span className="sr-only">: open the menu</span>
      </button>
      {open && (
        <div id="console-menu" className="absolute inset-x-0 top-full z-30 border-b border-slate-200 bg-white px-4 pb-4 pt-2 shadow-lg">
          <ConsoleNav />
          <div className="mt-3 border-t border-slate-200 pt-3">{children}</div>
        </div>
      )}
    </div>
  );
}
