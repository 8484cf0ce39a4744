"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const links = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/keys", label: "API keys" },
];

export function ConsoleNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Console" className="flex gap-1">
      {links.map((link) => {
        const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? "page" : undefined}
            className={`rounded-md px-3 py-2 text-sm font-medium ${active ? "bg-slate-100 text-slate-900" : "text-slate-600 hover:text-slate-900"}`}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
