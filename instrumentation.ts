// Runs once when a server process starts (Node.js runtime only).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./server/start-server")).startServer();
}
