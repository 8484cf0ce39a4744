// Runs once when a server process starts (Node.js runtime only).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("./server/http/client-address")).recordPeerAddresses();
  (await import("./server/http/node-server")).installServerHooks();
  await (await import("./server/start-server")).startServer();
}
