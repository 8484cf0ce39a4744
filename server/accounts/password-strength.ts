// How easy a new password is to guess (zxcvbn-ts with its common-password and English
// dictionaries), and what to do about it: sign-up, set-password and operator-made accounts.
import "server-only";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { AppError } from "../errors";

/** zxcvbn's scores run 0–4; 3 is "safely unguessable" (about 10^8 guesses and more). */
const STRONG_ENOUGH = 3;
/**
 * Only the first characters are scored: zxcvbn's pattern search grows fast with length (most of a
 * second for 64 repeated-pattern characters), and a strong beginning makes a strong password.
 */
const SCORED_CHARACTERS = 64;

let estimator: Promise<ZxcvbnFactory> | undefined;

// The dictionaries are megabytes: loaded on the first check, not with every route that imports this.
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
    });
  })();
  return estimator;
}

/** What is wrong with the password and what to do instead, or null when it is strong enough. */
export async function passwordWeakness(password: string, userInputs: string[] = []): Promise<string | null> {
  const result = (await loadEstimator()).check(password.slice(0, SCORED_CHARACTERS), userInputs);
  if (result.score >= STRONG_ENOUGH) return null;
  const { warning, suggestions } = result.feedback;
  const advice = suggestions.length ? suggestions.join(" ") : "Add another word or two; uncommon words are best.";
  return ["This password is too easy to guess.", warning, advice].filter(Boolean).join(" ");
}

/** Throws `invalid_body` (param `password`) with the reason and the advice when it is weak. */
export async function requireStrongPassword(password: string, userInputs: string[] = []): Promise<void> {
  const weakness = await passwordWeakness(password, userInputs);
  if (weakness) throw new AppError("invalid_body", weakness, { param: "password" });
}
