// BENCH ONLY: the steps of a metered generation that BENCH_ABLATE switched off (server/env.ts), so
// the gateway bench can say what each step costs the machine (bench/README.md, "Ablation"). Each
// step switched off breaks what it guarantees, so the server refuses to start with one unless
// ALLOW_BENCH_ABLATION=true; no test and no deployment sets either. Off by default: one set lookup.
import "server-only";
import { env, type AblatableStep } from "./env";

const off = new Set<AblatableStep>(env.BENCH_ABLATE);

export const ablated = (step: AblatableStep): boolean => off.size > 0 && off.has(step);
