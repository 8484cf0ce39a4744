// Runs after every other project: searches every response the run recorded (e2e/fixtures/api.ts records
// each call(), stream() and SDK response, headers included) and the server's log for a vendor, family or
// model name of the e2e configuration or a fake vendor's API key (clients name products, never vendor
// models: none may ever reach a client; the keys belong in no log line either). It also checks it had
// something to search, so that an empty or missing recording fails rather than passes.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { LEAK_WORDS } from "../fixtures/families";
import { state, STATE_DIR } from "../fixtures/state";

type Recorded = { status: number; headers: [string, string][]; text: string };

const needles = () => {
  const keys = [process.env.E2E_VENDORX_KEY, process.env.E2E_VENDORY_KEY];
  for (const key of keys) expect(key, "the fake vendor keys set by the global setup").toMatch(/^v[xy]-secret-[0-9a-f]{16}$/);
  return [...LEAK_WORDS, ...(keys as string[])].map((word) => word.toLowerCase());
};

function found(haystack: string, words: string[]): string[] {
  const lower = haystack.toLowerCase();
  return words.filter((word) => lower.includes(word));
}

test("no recorded response names a vendor, family or model, or carries a vendor key", () => {
  const words = needles();
  const files = readdirSync(STATE_DIR).filter((name) => /^responses-\d+-\d+\.log$/.test(name));
  const entries: { file: string; record: Recorded }[] = files.flatMap((file) =>
    readFileSync(join(STATE_DIR, file), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => ({ file, record: JSON.parse(line) as Recorded })),
  );
  const records = entries.map((e) => e.record);
  const isStream = (r: Recorded) => r.headers.some(([name, value]) => name === "content-type" && value.includes("text/event-stream"));
  const isGeneration = (r: Recorded) => /"gen_[0-9a-z]+"/.test(r.text);

  // Enough was recorded to mean something: the AI specs alone produce these.
  expect(records.length).toBeGreaterThanOrEqual(200);
  expect(records.filter(isStream).length).toBeGreaterThanOrEqual(15);
  expect(records.filter((r) => isStream(r) && r.text.includes("event: delta")).length).toBeGreaterThanOrEqual(10);
  expect(records.filter((r) => isStream(r) && r.text.includes("event: error")).length).toBeGreaterThanOrEqual(3);
  expect(records.filter((r) => isStream(r) && r.text.includes("data: [DONE]")).length).toBeGreaterThanOrEqual(2);
  // The Responses door's answers and named events were searched too.
  expect(records.filter((r) => r.text.includes('"object":"response"')).length).toBeGreaterThanOrEqual(3);
  expect(records.filter((r) => isStream(r) && r.text.includes("event: response.completed")).length).toBeGreaterThanOrEqual(2);
  // And the Anthropic door's messages and event streams.
  expect(records.filter((r) => r.text.includes('"type":"message"')).length).toBeGreaterThanOrEqual(3);
  expect(records.filter((r) => isStream(r) && r.text.includes("event: message_stop")).length).toBeGreaterThanOrEqual(2);
  expect(records.filter(isGeneration).length).toBeGreaterThanOrEqual(50);
  expect(records.filter((r) => r.status === 502 || r.text.includes("upstream_unavailable")).length).toBeGreaterThanOrEqual(3);
  expect(records.filter((r) => r.status === 403 && r.text.includes('"forbidden"')).length).toBeGreaterThanOrEqual(1);

  const leaks = entries.flatMap(({ file, record }) => {
    const hits = found(JSON.stringify(record), words);
    return hits.length ? [{ file, status: record.status, hits, excerpt: record.text.slice(0, 300) }] : [];
  });
  expect(leaks).toEqual([]);
});

test("the server log names no vendor, family or model, and carries no vendor key", () => {
  const words = needles();
  const lines = readFileSync(state().logFile, "utf8").split("\n").filter(Boolean);
  // The log covers the run, failed engine attempts included (each failure class writes one).
  expect(lines.length).toBeGreaterThanOrEqual(200);
  expect(lines.filter((line) => line.includes("engine attempt failed")).length).toBeGreaterThanOrEqual(20);
  const leaks = lines.flatMap((line, index) => {
    const hits = found(line, words);
    return hits.length ? [{ line: index + 1, hits, text: line.slice(0, 300) }] : [];
  });
  expect(leaks).toEqual([]);
});

test("the server log records no unhandled error (a cancelled stream or a client gone mid-answer included)", () => {
  const log = readFileSync(state().logFile, "utf8");
  expect(log.length).toBeGreaterThan(0);
  const unhandled = log.split("\n").filter((line) => /unhandledRejection|uncaughtException/.test(line));
  expect(unhandled).toEqual([]);
});
