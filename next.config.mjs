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
  // No gzip in the app process: it cost every API answer (small JSON and every SSE stream) a zlib
  // stream, about an eighth of the CPU of a generation and ~300 KB of memory per open stream.
  // Compression belongs to the TLS-terminating proxy in front (README, "Scale out").
  compress: false,
  // Native or wasm-loading server packages stay outside the bundle and load from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pino", "@prisma/client", "ioredis", "rate-limiter-flexible", "dockerode", "@aws-sdk/client-s3", "@aws-sdk/lib-storage"],
  typedRoutes: false,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
