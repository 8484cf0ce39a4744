/** Headers every response carries, pages and APIs alike (the console's CSP is set in proxy.ts). */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Not Next's gzip: it would take every API answer too (small JSON and every SSE stream: a zlib
  // stream each, about an eighth of the CPU of a generation and ~300 KB of memory per open stream).
  // The console's pages and scripts are compressed by server/http/page-compression.ts instead.
  compress: false,
  // Native or wasm-loading server packages stay outside the bundle and load from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pino", "@prisma/client", "ioredis", "rate-limiter-flexible", "dockerode", "@aws-sdk/client-s3", "@aws-sdk/lib-storage"],
  typedRoutes: false,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
