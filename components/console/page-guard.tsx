"use client";
// The one guard of the console's pages: a page whose least role (console-links.ts) the member's
// role does not reach shows why instead of itself, so none of its panels load or offer anything.
// The service refuses the same calls (FORBIDDEN); this only spares the member a page of errors.
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { linkOf } from "./console-links";
import { useRole } from "./role";

export function PageGuard({ children }: { children: ReactNode }) {
  const link = linkOf(usePathname());
  const { role, allows } = useRole();
  if (!link || allows(link.least)) return children;
  return (
    <div className="space-y-6" data-testid="role-notice">
      <PageHeader title={link.label} />
      <Alert tone="warning">
        Your role ({role}) does not give access to {link.label}. Ask an owner of this workspace if you need it.
      </Alert>
    </div>
  );
}
