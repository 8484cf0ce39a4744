// Security headers of the console's pages: a Content Security Policy with a fresh nonce per
// request (Next reads it from the request's CSP header and puts it on its own scripts), which also
// forbids framing, and HSTS over https. The APIs are not matched (no work added to their hot path); next.config.mjs
// sets the headers every response carries.
import { NextResponse, type NextRequest } from "next/server";

const dev = process.env.NODE_ENV === "development";

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (charts, widths) are allowed; inline scripts are not.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  // HSTS only over https (the public URL's, or the connection's as a trusted proxy reports it).
  if ((process.env.NEXTAUTH_URL ?? "").startsWith("https://") || request.headers.get("x-forwarded-proto") === "https") {
    response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  }
  return response;
}

export const config = {
  // Pages only: not the APIs, not Next's static files.
  matcher: ["/((?!api/|v1/|v1$|_next/static|_next/image|favicon.ico).*)"],
};
