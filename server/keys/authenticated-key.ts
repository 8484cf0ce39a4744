// What a presented key turns into once checked: what the routes act with and the key cache holds.
import "server-only";
import type { Scope } from "../actor";
import type { TierLimits } from "../billing/tier-limits";
import type { OwnLimits } from "./limits";

export type AuthenticatedKey = OwnLimits & {
  id: string;
  workspaceId: string;
  projectId: string;
  scope: Scope;
  tier: string;
  /** The tier's live per-key limits, read in the same statement as the key. */
  tierLimits: TierLimits;
};
