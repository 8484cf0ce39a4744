// The console's navigation, in the product's words (README "The console" names them), each page
// with the least role that may open it (server/workspaces/role-order.ts): the navigation hides the
// others and the page guard (page-guard.tsx) shows a notice in their place.
import type { Role } from "@/server/workspaces/role-order";

export type ConsoleLink = { href: string; label: string; least: Role };

export const consoleLinks: ConsoleLink[] = [
  { href: "/overview", label: "Overview", least: "viewer" },
  { href: "/usage", label: "Usage", least: "viewer" },
  { href: "/activity", label: "Activity", least: "viewer" },
  { href: "/playground", label: "Playground", least: "developer" },
  { href: "/instances", label: "Instances", least: "viewer" },
  { href: "/ssh-keys", label: "SSH keys", least: "viewer" },
  { href: "/domains", label: "Domains", least: "viewer" },
  { href: "/webhooks", label: "Webhooks", least: "viewer" },
  { href: "/billing", label: "Billing", least: "admin" },
  { href: "/keys", label: "API keys", least: "developer" },
  { href: "/members", label: "Members", least: "viewer" },
  { href: "/security", label: "Security", least: "viewer" },
];

/** The link of the page at `pathname` (its own or its parent's: /instances/ins_… is Instances). */
export function linkOf(pathname: string): ConsoleLink | undefined {
  return consoleLinks.find((link) => pathname === link.href || pathname.startsWith(`${link.href}/`));
}
