import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { themeScript } from "@/components/theme/theme-script";
import "./globals.css";

export const metadata: Metadata = { title: "Switchyard", description: "Routed AI API and cloud control plane" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: the page's scripts carry this request's CSP nonce (proxy.ts).
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // The theme's class is set by the script below before the first paint, so React leaves it be.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
