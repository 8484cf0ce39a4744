import Link from "next/link";
import type { ReactNode } from "react";

/** The frame of the sign-in and sign-up pages, with the link to the other one underneath. */
export function AuthCard(props: { title: string; children: ReactNode; footer: string; linkText: string; href: string }) {
  return (
    <div className="w-full max-w-sm">
      <p className="mb-6 text-center text-lg font-semibold tracking-tight">Switchyard</p>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="mb-5 text-xl font-semibold">{props.title}</h1>
        {props.children}
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">
        {props.footer}{" "}
        <Link href={props.href} className="font-medium text-slate-900 underline">
          {props.linkText}
        </Link>
      </p>
    </div>
  );
}
