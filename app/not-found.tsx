// A missing page outside the console (no console shell to show it in): branded, with the ways back.
import Link from "next/link";

export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm text-center" data-testid="page-missing">
        <p className="mb-6 text-lg font-semibold tracking-tight">Switchyard</p>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="mb-3 text-xl font-semibold">Page not found</h1>
          <p className="text-sm text-slate-600">There is no page at this address.</p>
          <p className="mt-4 flex justify-center gap-4 text-sm font-medium">
            <Link href="/overview" className="underline underline-offset-2">Open the console</Link>
            <Link href="/docs" className="underline underline-offset-2">API reference</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
