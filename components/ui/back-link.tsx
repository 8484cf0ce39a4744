import Link from "next/link";

/** The way back from a resource's page to its list. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
