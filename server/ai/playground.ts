// The console's playground: the same generation as the API doors, charged to the chosen project,
// without a key. A run is started with its request (stored: it may be larger than a URL can carry)
// and taken once by the stream that runs it, on whichever server process the stream reaches.
import type { Prisma } from "@prisma/client";
import { db } from "../db";
import { AppError } from "../errors";
import { toAppError } from "../http/handle-error";
import { newId } from "../ids";
import type { ProjectActor } from "../keys/service";
import { prepareGeneration, runGeneration, type Generation } from "./generate";
import type { Endpoint } from "./products";
import type { GenerationRequest } from "./schema";

/** A run not streamed within this time is gone (the page was closed before it asked). */
const RUN_TTL_MS = 10 * 60_000;

export type PlaygroundEvent =
  | { type: "delta"; text: string }
  | { type: "done"; generation: Omit<Generation, "output"> }
  | { type: "error"; error: { code: string; message: string; suggested_product?: string } };

export async function startRun(userId: string, actor: ProjectActor, endpoint: Endpoint, request: GenerationRequest): Promise<{ runId: string }> {
  const id = newId("run");
  await db().playgroundRun.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - RUN_TTL_MS) } } });
  await db().playgroundRun.create({ data: { id, userId, projectId: actor.projectId, endpoint, request: request as Prisma.InputJsonObject } });
  return { runId: id };
}

export type TakenRun = { endpoint: Endpoint; request: GenerationRequest; tier: string };

/** Takes the run, once: a second stream of the same run (or another user's) finds nothing. */
export async function takeRun(userId: string, actor: ProjectActor, runId: string): Promise<TakenRun> {
  const [run] = await db().$queryRaw<{ endpoint: Endpoint; request: GenerationRequest }[]>`
    DELETE FROM playground_runs WHERE id = ${runId} AND user_id = ${userId} AND project_id = ${actor.projectId} RETURNING endpoint, request`;
  if (!run) throw new AppError("not_found", "This playground run is gone; send the request again.");
  const workspace = await db().workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { tier: true } });
  return { ...run, tier: workspace.tier };
}

/** Yields the run's answer as it streams; `signal` (the stream closing) cancels the engine call. */
export async function* streamRun(actor: ProjectActor, run: TakenRun, signal: AbortSignal): AsyncGenerator<PlaygroundEvent> {
  const queue: PlaygroundEvent[] = [];
  let wake: (() => void) | undefined;
  const push = (event: PlaygroundEvent) => {
    queue.push(event);
    wake?.();
  };
  let finished = false;
  const work = (async () => {
    try {
      const prepared = await prepareGeneration({ ...actor, tier: run.tier, keyId: null }, run.endpoint, run.request);
      const { output: _output, ...generation } = await runGeneration(prepared, (text) => push({ type: "delta", text }), signal, "playground");
      push({ type: "done", generation });
    } catch (error) {
      if (!signal.aborted) {
        const known = toAppError(error, signal);
        push({ type: "error", error: { code: known.code, message: known.message, ...(known.extra.suggested_product && { suggested_product: known.extra.suggested_product }) } });
      }
    } finally {
      finished = true;
      wake?.();
    }
  })();
  while (!finished || queue.length) {
    if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
    while (queue.length) yield queue.shift()!;
  }
  await work;
}
