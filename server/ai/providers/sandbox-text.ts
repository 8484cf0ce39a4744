// The sandbox's text: plausible, deterministic English built from a small sentence bank and a few
// words of the prompt. The same conversation and model always give the same answer, so demos and
// tests are repeatable, and nothing in it names a vendor, a family or a model.
import "server-only";
import { createHash } from "node:crypto";
import { SANDBOX_TOPIC_WORD_CHARS } from "../input-limits";
import { countTokens } from "../tokens";
import { textOf } from "./request-parts";
import type { ChatMessage } from "./types";

/** Vendor and model words the text never takes over from a prompt. */
const VENDOR_WORDS = ["openai", "anthropic", "claude", "gpt", "llama", "mistral", "mixtral", "gemini", "gemma", "ollama", "groq", "vllm", "qwen", "deepseek", "cohere", "grok", "sonnet", "opus", "haiku"];

const STOP_WORDS = new Set(
  "about above after again against because before being below between could doing during every first further having here itself just more most other ought please same should some such than that their theirs them then there these they this those through under until very what when where which while whom whose with would your yours explain write describe tell give show make want need using used like into only also each".split(" "),
);

const OPENINGS = ["Here is a short overview of {a}.", "Let us look at {a} step by step.", "There are a few things worth knowing about {a}.", "A good way to think about {a} is to start from the basics."];

const MIDDLES = [
  "The first point is that {a} depends on a handful of clear decisions made early.",
  "When it comes to {a}, the simplest approach is usually the most reliable one.",
  "It helps to look at {a} and {b} side by side rather than one at a time.",
  "Most of the effort goes into getting {a} right; the rest follows from it.",
  "A common mistake is to change {a} and {b} at once, which makes problems hard to trace.",
  "Small, well-tested steps keep the risk low and the progress visible.",
  "Each step can be checked on its own before moving on to the next one.",
  "A short example usually makes the idea easier to follow than a long description.",
  "If something looks unclear, it is worth writing down the assumptions first.",
  "In practice, {a} tends to follow the same pattern again and again.",
  "The main trade-off is between speed and clarity, and clarity usually wins.",
  "Keeping {a} simple makes it easier to review, test and explain later.",
  "Measuring before and after a change shows whether {a} really improved.",
  "It is often better to name things by what they do than by how they work.",
  "Edge cases around {a} deserve a test of their own.",
  "A clear boundary between {a} and {b} keeps each part easy to reason about.",
  "Good defaults mean that most people never have to think about {a} at all.",
  "When in doubt, prefer the option that is easier to undo.",
  "Writing the expected result down first turns {a} into something you can check.",
  "Nothing here needs special tools; a careful read and a few experiments are enough.",
];

const CLOSINGS = ["In short, start small with {a} and build from there.", "That should give you a solid starting point.", "With these pieces in place, the rest is mostly routine.", "Taken together, these steps keep {a} predictable and easy to maintain."];

const IMAGE_NOTE = "The attached image gives useful context for this.";

/** A small deterministic generator (FNV-1a seed, mulberry32 steps). */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lower-case pieces of family and model names (e.g. "house-fast" → "house", "fast"). */
export function namesToAvoid(names: string[]): string[] {
  const pieces = names.flatMap((n) => [n, ...n.split(/[^A-Za-z0-9]+/)]).map((p) => p.toLowerCase());
  return [...new Set([...VENDOR_WORDS, ...pieces.filter((p) => p.length >= 3)])];
}

const mentions = (text: string, avoid: string[]): boolean => {
  const lower = text.toLowerCase();
  return avoid.some((name) => lower.includes(name));
};

/** The first 12 distinct topic words of the user's turns, the latest turn first (read only as far as needed). */
function topicWords(messages: ChatMessage[], avoid: string[]): string[] {
  const found = new Set<string>();
  for (const message of [...messages].reverse()) {
    if (message.role !== "user") continue;
    for (const [match] of textOf(message.content).matchAll(/[A-Za-z][A-Za-z-]{3,}[A-Za-z]/g)) {
      // A "word" longer than this is no topic (a run of one letter, a pasted blob): it would be written into every sentence.
      if (match.length > SANDBOX_TOPIC_WORD_CHARS) continue;
      const word = match.toLowerCase();
      if (STOP_WORDS.has(word) || mentions(word, avoid) || avoid.some((name) => name.includes(word))) continue;
      found.add(word);
      if (found.size === 12) return [...found];
    }
  }
  return [...found];
}

function keywords(messages: ChatMessage[], avoid: string[], random: () => number): string[] {
  const distinct = topicWords(messages, avoid);
  const picked: string[] = [];
  while (distinct.length > 0 && picked.length < 4) picked.push(distinct.splice(Math.floor(random() * distinct.length), 1)[0]);
  return picked.length > 0 ? picked : ["the question", "the details"];
}

type Writer = { sentence(bank: string[]): string };

function writer(messages: ChatMessage[], avoid: string[], seed: string): Writer {
  const random = seededRandom(seed);
  const topics = keywords(messages, avoid, random);
  const recent: string[] = [];
  return {
    sentence(bank) {
      for (let tries = 0; tries < 20; tries++) {
        const template = bank[Math.floor(random() * bank.length)];
        if (recent.includes(template)) continue;
        const a = topics[Math.floor(random() * topics.length)];
        const b = topics.find((t) => t !== a) ?? "the rest";
        const text = template.replace("{a}", a).replace("{b}", b);
        // A configured family may be named like an ordinary word: such sentences are skipped.
        if (mentions(text, avoid.filter((n) => !VENDOR_WORDS.includes(n)))) continue;
        recent.push(template);
        if (recent.length > 6) recent.shift();
        return text.charAt(0).toUpperCase() + text.slice(1);
      }
      return "That covers the main points.";
    },
  };
}

/**
 * The conversation and model as a short seed: a digest (native, about a gigabyte a second), so a
 * megabyte of prompt is read once rather than by every generator seeded from it.
 */
const seedOf = (messages: ChatMessage[], model: string): string => createHash("sha256").update(model).update("\n").update(JSON.stringify(messages)).digest("base64url");

/** The whole answer for a conversation: a few sentences, about 60 to 150 tokens. */
export function sandboxAnswer(messages: ChatMessage[], model: string, avoid: string[]): string {
  const seed = seedOf(messages, model);
  const write = writer(messages, avoid, seed);
  const target = 60 + Math.floor(seededRandom(`${seed}\nlength`)() * 80);
  const sentences = [write.sentence(OPENINGS)];
  if (messages.some((m) => typeof m.content !== "string" && m.content.some((p) => p.type === "image"))) sentences.push(IMAGE_NOTE);
  while (countTokens(sentences.join(" ")) < target - 12) sentences.push(write.sentence(MIDDLES));
  sentences.push(write.sentence(CLOSINGS));
  return sentences.join(" ");
}

/** More text after a prefix this sandbox did not write itself (another family began the answer). */
export function sandboxContinuation(messages: ChatMessage[], model: string, prefix: string, avoid: string[]): string {
  const seed = createHash("sha256").update(seedOf(messages, model)).update("\n").update(prefix).digest("base64url");
  const write = writer(messages, avoid, seed);
  const count = 2 + Math.floor(seededRandom(`${seed}\nlength`)() * 2);
  const sentences = Array.from({ length: count }, (_, i) => write.sentence(i === count - 1 ? CLOSINGS : MIDDLES));
  const joiner = prefix === "" || /\s$/.test(prefix) ? "" : " ";
  return joiner + sentences.join(" ");
}
