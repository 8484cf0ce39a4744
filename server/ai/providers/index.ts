// The adapter for each wire protocol a family config can name.
import "server-only";
import type { FamilyConfig } from "../families/config";
import { anthropicAdapter } from "./anthropic";
import { openaiAdapter } from "./openai";
import { sandboxAdapter } from "./sandbox";
import type { ModelFamilyAdapter } from "./types";

const adapters: Record<FamilyConfig["adapter"], ModelFamilyAdapter> = {
  openai: openaiAdapter,
  anthropic: anthropicAdapter,
  sandbox: sandboxAdapter,
};

export const adapterFor = (kind: FamilyConfig["adapter"]): ModelFamilyAdapter => adapters[kind];
