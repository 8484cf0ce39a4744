import { describe, expect, it } from "vitest";
import { StopFilter } from "./stop-sequences";

function run(stops: string[], pieces: string[]) {
  const sent: string[] = [];
  const filter = new StopFilter(stops, (text) => sent.push(text));
  const after: string[] = [];
  for (const piece of pieces) {
    filter.push(piece);
    after.push(sent.join(""));
  }
  filter.flush();
  return { sent, after, delivered: filter.delivered, stopped: filter.stopped };
}

describe("StopFilter", () => {
  it("ends the answer before a match inside one piece", () => {
    const r = run(["END"], ["Hello END world"]);
    expect(r.delivered).toBe("Hello ");
    expect(r.stopped).toBe(true);
  });

  it("finds a match split across pieces, and never delivers its beginning", () => {
    const r = run(["STOP"], ["one two ST", "O", "P three"]);
    expect(r.delivered).toBe("one two ");
    expect(r.after).toEqual(["one two ", "one two ", "one two "]);
    expect(r.stopped).toBe(true);
  });

  it("holds back only what could still begin a match, and releases it when it cannot", () => {
    const r = run(["STOP"], ["one ST", "AY here"]);
    expect(r.after).toEqual(["one ", "one STAY here"]);
    expect(r.stopped).toBe(false);
  });

  it("delivers a held-back tail when the engine finishes without a match", () => {
    const r = run(["\n\n"], ["line one\n"]);
    expect(r.after).toEqual(["line one"]);
    expect(r.delivered).toBe("line one\n");
    expect(r.stopped).toBe(false);
  });

  it("cuts at the earliest of several sequences", () => {
    expect(run(["world", "lo"], ["hello world"]).delivered).toBe("hel");
    expect(run(["b", "abc"], ["xxabc"]).delivered).toBe("xx");
  });

  it("a match that overlaps a false start is still found", () => {
    // After "xa" then "a" the held tail is "aa", still a beginning of "aab".
    expect(run(["aab"], ["xa", "a", "b tail"]).delivered).toBe("x");
    expect(run(["abab"], ["ab", "ab", "ab"]).delivered).toBe("");
  });

  it("ignores everything after the stop", () => {
    const r = run(["."], ["First.", " Second."]);
    expect(r.sent).toEqual(["First"]);
  });

  it("the whole text, piece by piece, equals the text cut at the first match", () => {
    const text = "The quick brown fox jumps over the lazy dog. The end.";
    for (const stop of ["fox", "dog.", "zzz", "e", " T"]) {
      for (let size = 1; size <= 7; size++) {
        const pieces = text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g"))!;
        const at = text.indexOf(stop);
        expect(run([stop], pieces).delivered).toBe(at < 0 ? text : text.slice(0, at));
      }
    }
  });
});
