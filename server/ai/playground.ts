// The console's playground: the same generation as the API doors, charged to the chosen project,
// without a key. A run is started with its request (stored: it may be larger than a URL can carry)
// and taken once by the stream that runs it, on whichever server process the stream reaches.
import "server-only";
import type { Prisma } from "@prisma/client";
import { availableFunds, insufficientCredits } from "../billing/funds";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import type { ProjectActor } from "../actor";
import { prepareGeneration } from "./generate";
import { playgroundDoor, type PlaygroundEvent } from "./doors/playground";
import { streamGeneration } from "./doors/stream";
import type { Endpoint } from "../vocab/endpoints";
import type { GenerationRequest } from "./schema";

/** A run not streamed within this time is gone (the page was closed before it asked). */
const RUN_TTL_MS = 10 * 60_000;
/** Runs a member may have waiting for their stream (a page starts one and streams it at once). */
export const MAX_PENDING_RUNS = 3;
/** The most a stored request may hold: a long prompt, far from the 1 MiB a body may carry. */
export const MAX_STORED_REQUEST_BYTES = 256 * 1024;

export type { PlaygroundEvent, PlaygroundToolCall } from "./doors/playground";

/**
 * Stores the run for its stream. Only a member with a verified email whose workspace has credits
 * may start one (a run costs storage before it costs credits), at most MAX_PENDING_RUNS at a time.
 */
export async function startRun(userId: string, actor: ProjectActor, endpoint: Endpoint, request: GenerationRequest): Promise<{ runId: string }> {
  const size = Buffer.byteLength(JSON.stringify(request));
  if (size > MAX_STORED_REQUEST_BYTES) {
    throw new AppError("input_too_large", `The playground takes requests up to ${MAX_STORED_REQUEST_BYTES / 1024} KiB; this one is ${Math.ceil(size / 1024)} KiB. Send larger inputs through the API.`, { limit: MAX_STORED_REQUEST_BYTES });
  }
  const user = await db().user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  if (!user?.emailVerifiedAt) throw new AppError("forbidden", "Verify your email to use the playground: follow the link we mailed you, or ask for a new one on the overview page.");
  const available = await availableFunds(actor.workspaceId);
  if (available <= 0n) throw insufficientCredits(available, 1n, "The playground's generations are charged to this workspace, which has no credits available. Add credits and retry.");
  const id = newId("run");
  const since = new Date(Date.now() - RUN_TTL_MS);
  await db().playgroundRun.deleteMany({ where: { createdAt: { lt: since } } });
  // The member's row is locked while counting, so concurrent starts cannot all pass the cap.
  await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
    const pending = await tx.playgroundRun.count({ where: { userId, createdAt: { gte: since } } });
    if (pending >= MAX_PENDING_RUNS) {
      throw new AppError("conflict", `You have ${MAX_PENDING_RUNS} playground runs waiting to stream; let one finish (or wait ${RUN_TTL_MS / 60_000} minutes) and retry.`);
    }
    await tx.playgroundRun.create({ data: { id, userId, projectId: actor.projectId, endpoint, request: request as Prisma.InputJsonObject } });
  });
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
  const prepared = prepareGeneration({ ...actor, tier: run.tier, keyId: null }, run.endpoint, run.request);
  const work = streamGeneration(playgroundDoor, { prepared, body: run.request, send: push, signal, requestId: "" }).finally(() => {
    finished = true;
    wake?.();
  });
  while (!finished || queue.length) {
    if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
    while (queue.length) yield queue.shift()!;
  }
  await work;
}
