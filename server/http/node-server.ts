// The HTTP server of `next start`, seen from inside its process (instrumentation.ts installs these
// hooks once, before the first request): the slow-client timeouts, the answers given before Next
// routes a request (early-answers.ts), every exchange counted until its response closes (the
// shutdown waits for them), pages compressed (page-compression.ts), and, once draining starts, no
// new connection and no kept-alive one.
import "server-only";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { env } from "../env";
import { draining, exchangeOpened } from "../lifecycle";
import { answerEarly } from "./early-answers";
import { compressible, compressPage } from "./page-compression";
import { applyTimeouts } from "./server-timeouts";

const holder = globalThis as unknown as { switchyardHttpServer?: Server; switchyardServerHooks?: boolean };

/** The server this process serves on, once a first connection has come in. */
export const httpServer = (): Server | undefined => holder.switchyardHttpServer;

export function installServerHooks(): void {
  if (holder.switchyardServerHooks) return;
  holder.switchyardServerHooks = true;
  const emit = Server.prototype.emit as (this: Server, event: string, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
    if (event === "connection") {
      adopt(this);
      if (draining()) {
        (args[0] as Socket).destroy();
        return true;
      }
    } else if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      // A request still arriving when the grace is over will not be answered: its connection closes.
      const closed = exchangeOpened(() => {
        if (!req.complete) req.socket.destroy();
      });
      res.once("close", closed);
      if (draining()) res.shouldKeepAlive = false;
      if (answerEarly(req, res)) return true;
      if (env.COMPRESS_PAGES && compressible(req)) {
        compressPage(req, res, () => emit.call(this, event, ...args));
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

/** The listener of Next's server: its timeouts set on its first connection. */
function adopt(server: Server): void {
  if (holder.switchyardHttpServer === server) return;
  holder.switchyardHttpServer = server;
  applyTimeouts(server, {
    headersMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
  });
  if (draining()) stopListening();
}

/** No new connection from now on; idle kept-alive connections are closed, busy ones after their answer. */
export function stopListening(): void {
  const server = holder.switchyardHttpServer;
  if (!server?.listening) return;
  server.close();
  server.closeIdleConnections();
}
