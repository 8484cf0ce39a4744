// What the console shows, inside its own header and navigation, for a page that does not exist (or
// that failed): what happened in plain words and the ways back.
import Link from "next/link";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";

export function PageMissing({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="space-y-6" data-testid="page-missing">
      <PageHeader title={title} />
      <div className="max-w-prose space-y-4 rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
        {children}
        <div className="flex flex-wrap items-center gap-3">
          {actions}
          <ButtonLink href="/overview" variant={actions ? "secondary" : "primary"}>Back to the overview</ButtonLink>
          <Link href="/docs" className="font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900">
            API reference
          </Link>
        </div>
      </div>
    </div>
  );
}
