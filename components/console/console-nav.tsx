"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { consoleLinks } from "./console-links";
import { useRole } from "./role";

/** The console's pages the member's role may open: a column beside the page on wide screens, inside the menu drawer on a phone. */
export function ConsoleNav() {
  const pathname = usePathname();
  const { allows } = useRole();
  return (
    <nav aria-label="Console">
      <ul className="grid grid-cols-2 gap-1 md:flex md:flex-col">
        {consoleLinks.filter((link) => allows(link.least)).map((link) => {
          const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={active ? "page" : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${active ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
      {/* The API's reference and guides: a page of its own, outside the console. */}
      <a href="/docs" className="mt-2 block rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:mt-4 md:border-t md:border-slate-200">
        API docs <span aria-hidden="true">↗</span>
      </a>
    </nav>
  );
}
