// A project's generations as its activity: listed newest first with filters, or read one by one,
// for the REST API and the console alike. Another project's generation is not found.
import "server-only";
import type { Generation } from "@prisma/client";
import { toCredits } from "../../billing/credits";
import { db } from "../../db";
import { AppError } from "../../errors";
import { findPage } from "../../wire/page";
import { timeWindow } from "../../wire/time-window";
import type { ProjectActor } from "../../actor";
import type { Endpoint } from "../../vocab/endpoints";
import type { ProductId } from "../../vocab/products";
import { quoted } from "../../vocab/quoted";
import type { GenerationQuery, GenerationView } from "./schema";

type KeyNames = Map<string, string>;

export function generationView(row: Generation, keyNames: KeyNames): GenerationView {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    product: row.product as ProductId,
    endpoint: row.endpoint as Endpoint,
    door: row.door,
    key: row.keyId ? { id: row.keyId, name: keyNames.get(row.keyId) ?? "" } : null,
    status: row.status as GenerationView["status"],
    error_code: row.errorCode,
    finish_reason: row.finishReason,
    usage: { input_tokens: row.inputTokens, output_tokens: row.outputTokens, credits: toCredits(row.credits) },
    latency_ms: row.latencyMs,
    first_token_ms: row.firstTokenMs,
    routing: { reason: row.routingReason, attempts: row.attempts, escalated: row.escalated },
  };
}

async function keyNamesOf(rows: Generation[]): Promise<KeyNames> {
  const ids = [...new Set(rows.flatMap((row) => (row.keyId ? [row.keyId] : [])))];
  if (ids.length === 0) return new Map();
  const keys = await db().apiKey.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(keys.map((key) => [key.id, key.name]));
}

export async function listGenerations(actor: ProjectActor, query: GenerationQuery) {
  const where = {
    projectId: actor.projectId,
    ...(query.key_id && { keyId: query.key_id }),
    ...(query.product && { product: query.product }),
    ...(query.status && { status: query.status }),
    ...timeWindow(query),
  };
  const { shown, next_cursor } = await findPage(query, ({ cursorWhere, ...args }) => db().generation.findMany({ where: { ...where, ...cursorWhere }, ...args }));
  const names = await keyNamesOf(shown);
  return { generations: shown.map((row) => generationView(row, names)), next_cursor };
}

export async function getGeneration(actor: ProjectActor, id: string): Promise<GenerationView> {
  const row = await db().generation.findFirst({ where: { id, projectId: actor.projectId } });
  // The message repeats nothing: a 404 says nothing about what another project holds.
  if (!row) throw new AppError("not_found", "This project has no such generation.");
  return generationView(row, await keyNamesOf([row]));
}

/** The families that wrote a generation (stored comma-separated: a continued answer has several). */
export async function writersOf(workspaceId: string, generationId: string): Promise<string[]> {
  const reviewed = await db().generation.findFirst({ where: { id: generationId, workspaceId }, select: { family: true } });
  if (!reviewed) throw new AppError("not_found", `No generation ${quoted(generationId)} in this workspace.`, { param: "review_of" });
  return reviewed.family.split(",");
}
