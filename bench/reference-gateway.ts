// The reference gateway of the overhead bench: the open-source Portkey gateway (a bench-only
// dependency), started headless and pointed at the same fake upstream per request. It meters
// nothing, so it shows what a plain proxy in Node costs on this machine.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type ReferenceGateway = { url: string; process: ChildProcess; stop(): Promise<void> };

export async function startReferenceGateway(port: number): Promise<ReferenceGateway> {
  const packageJson = createRequire(import.meta.url).resolve("@portkey-ai/gateway/package.json");
  const entry = join(dirname(packageJson), "build", "start-server.js");
  const child = spawn(process.execPath, [entry, "--headless", `--port=${port}`], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the reference gateway exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the reference gateway did not start within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** An OpenAI chat request through the gateway to `upstreamBase` (…/v1). */
export function referenceCall(gateway: ReferenceGateway, upstreamBase: string, body: string) {
  return () =>
    fetch(`${gateway.url}/v1/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: "Bearer bench",
        "x-portkey-provider": "openai",
        "x-portkey-custom-host": upstreamBase,
      },
      body,
    });
}
