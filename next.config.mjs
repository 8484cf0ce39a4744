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
  // Native or wasm-loading server packages stay outside the bundle and load from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pino", "@prisma/client", "ioredis", "rate-limiter-flexible"],
  typedRoutes: false,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
