import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = { title: "Switchyard", description: "Routed AI API and cloud control plane" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: the page's scripts carry this request's CSP nonce (proxy.ts).
  await headers();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
