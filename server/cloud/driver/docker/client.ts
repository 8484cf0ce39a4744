// The Docker Engine's API client (dockerode), for DOCKER_HOST, made once per process.
import "server-only";
import Docker from "dockerode";
import { env } from "../../../env";

let client: Docker | undefined;

export function docker(): Docker {
  if (!client) {
    const url = new URL(env.DOCKER_HOST);
    client =
      url.protocol === "unix:"
        ? new Docker({ socketPath: url.pathname })
        : new Docker({ host: url.hostname, port: Number(url.port || 2375), protocol: "http" });
  }
  return client;
}

/** The engine's HTTP status on a failed call (404 no such container, 304 already in that state, 409 conflict). */
export const statusOf = (error: unknown) => (error as { statusCode?: number })?.statusCode;

/** Runs `call`, treating the engine's answers in `fine` (e.g. 304, 404) as done. */
export async function tolerating<T>(fine: number[], call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (fine.includes(statusOf(error) ?? -1)) return undefined;
    throw error;
  }
}
