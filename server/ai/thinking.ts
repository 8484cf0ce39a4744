// An engine's thinking carried statelessly through the client. An engine that thinks signs each
// block of its thinking and takes a block back on the next turn only with that signature; the
// client gets the thinking's text and, in place of the signature, a sealed carrier (AES-256-GCM
// under the server secret, server/sealed.ts) holding the engine's signature, the family that wrote
// it and a digest of the text. Nothing is stored here. A block that comes back goes to the engine
// as the engine wrote it when the family answering now is the one that wrote it; a block from
// another family, an edited text, or a carrier that does not open (forged, another server's) is
// left out, never an error: the engine then answers without its earlier thinking.
import "server-only";
import { createHash } from "node:crypto";
import { sealer } from "../sealed";
import type { ThinkingBlock } from "./providers/types";

const carriers = sealer("thinking carrier", "thinking carrier");

type Carried = { family: string; signature?: string; redacted?: string; digest?: string };

const digestOf = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 22);

/** The block as the client gets it: the text as written, the signature or redacted data sealed. */
export function sealThinking(family: string, block: ThinkingBlock): ThinkingBlock {
  if ("redacted" in block) return { redacted: carriers.seal(JSON.stringify({ family, redacted: block.redacted } satisfies Carried)) };
  return { thinking: block.thinking, signature: carriers.seal(JSON.stringify({ family, signature: block.signature, digest: digestOf(block.thinking) } satisfies Carried)) };
}

function opened(carrier: string): Carried | undefined {
  try {
    const carried = JSON.parse(carriers.open(carrier)) as Carried;
    return typeof carried.family === "string" ? carried : undefined;
  } catch {
    return undefined;
  }
}

/** The block as `family` wrote it, or undefined when it is not that family's to take back. */
export function openThinking(family: string, block: ThinkingBlock): ThinkingBlock | undefined {
  const carried = opened("redacted" in block ? block.redacted : block.signature);
  if (carried?.family !== family) return undefined;
  if ("redacted" in block) return carried.redacted === undefined ? undefined : { redacted: carried.redacted };
  if (carried.signature === undefined || carried.digest !== digestOf(block.thinking)) return undefined;
  return { thinking: block.thinking, signature: carried.signature };
}

// The Responses door carries a block as a `reasoning` item's `encrypted_content`: the block as the
// client would see it on the Anthropic door (text and carrier), sealed again whole under a purpose
// of its own, so the text travels with it and stays unread by the client.
const reasoningCarriers = sealer("reasoning carrier", "reasoning carrier");

/** The `encrypted_content` of a sealed block. */
export const reasoningCarrier = (block: ThinkingBlock): string => reasoningCarriers.seal(JSON.stringify(block));

/** The sealed block an `encrypted_content` holds, or undefined when it does not open (never an error). */
export function blockOfReasoning(carrier: string): ThinkingBlock | undefined {
  try {
    const block = JSON.parse(reasoningCarriers.open(carrier)) as Partial<{ thinking: unknown; signature: unknown; redacted: unknown }>;
    if (typeof block.redacted === "string") return { redacted: block.redacted };
    if (typeof block.thinking === "string" && typeof block.signature === "string") return { thinking: block.thinking, signature: block.signature };
  } catch {
    // forged, damaged or another server's: left out
  }
  return undefined;
}
