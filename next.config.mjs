/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Native or wasm-loading server packages stay outside the bundle and load from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pino", "@prisma/client", "ioredis", "rate-limiter-flexible"],
  typedRoutes: false,
};

export default nextConfig;
