// The schema engine's thread (plain JavaScript: it runs beside the bundled server, from this file).
// Compiling a JSON Schema with Ajv generates code, about half a millisecond per subschema here, and
// checking an answer runs one pattern test per string: bounded work that still takes far longer than
// a request may hold the event loop, so it runs on this thread. Every pattern is matched by RE2
// (re2js: linear in the text, whatever the pattern; a backtracking RegExp took seconds on
// `^(a+)+$`). Each schema gets a validator of its own, and the only state kept between requests is
// a bounded cache of compiled schemas by hash: nothing a request brings (a nested `$id`, a pattern)
// stays in any shared validator, and no request can reach another's schema through a `$ref`.
import { parentPort } from "node:worker_threads";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import { RE2JS } from "re2js";

const options = { strict: false, allErrors: false, validateFormats: false };
/** Checks schemas against their draft's meta-schema only: it never compiles a request's schema, so it keeps none. */
const metaValidators = { "draft-07": new Ajv(options), "2020-12": new Ajv2020(options) };
const engines = { "draft-07": Ajv, "2020-12": Ajv2020 };
/** Compiled schemas by hash, least recently used first. */
const compiled = new Map();
let cacheLimit = 256;

/** Refused patterns name what RE2 lacks, so the client can rewrite them. */
const UNSUPPORTED = [
  [/\(\?<?[=!]/, "a lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`)"],
  [/\\[1-9]|\\k</, "a backreference (`\\1`, `\\k<name>`)"],
];

class Refusal extends Error {
  constructor(kind, path, detail) {
    super(detail);
    this.kind = kind;
    this.path = path;
  }
}

/** Keywords whose values are data, not schemas: a `pattern` inside them is no pattern. */
const DATA = new Set(["const", "default", "enum", "examples"]);
/** Keywords whose values map names to subschemas: a property called "pattern" is not a keyword. */
const NAMED = new Set(["properties", "$defs", "definitions", "dependentSchemas"]);

/** Every `pattern` and `patternProperties` key of a schema, with where it is (its path). */
function patternsOf(schema) {
  const found = [];
  const pending = [{ node: schema, path: [] }];
  while (pending.length) {
    const { node, path } = pending.pop();
    if (node === null || typeof node !== "object") continue;
    const keyword = !Array.isArray(node) && !NAMED.has(path.at(-1));
    for (const [key, child] of Object.entries(node)) {
      if (keyword && DATA.has(key)) continue;
      if (keyword && key === "pattern" && typeof child === "string") found.push({ source: child, path: [...path, key] });
      if (keyword && key === "patternProperties" && child && typeof child === "object") {
        for (const name of Object.keys(child)) found.push({ source: name, path: [...path, key, name] });
      }
      pending.push({ node: child, path: [...path, key] });
    }
  }
  return found;
}

/** A pattern as RE2 takes it (JavaScript's `\u0041` and `\u{1F600}` spelt RE2's way), compiled; refused by name otherwise. */
function re2Of(source, path, maxChars) {
  if (source.length > maxChars) throw new Refusal("pattern", path, `is longer than ${maxChars} characters`);
  for (const [shape, what] of UNSUPPORTED) {
    if (shape.test(source)) throw new Refusal("pattern", path, `uses ${what}, which the linear-time pattern engine (RE2 syntax) does not take`);
  }
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    throw new Refusal("pattern", path, `is not a pattern the linear-time engine (RE2 syntax) takes: ${String(error?.message ?? error).replace(/^error parsing regexp: /, "")}`);
  }
}

function compile(key, schema, draft, maxPatternChars) {
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  const patterns = new Map();
  for (const { source, path } of patternsOf(schema)) if (!patterns.has(source)) patterns.set(source, re2Of(source, path, maxPatternChars));
  const meta = metaValidators[draft];
  if (!meta.validateSchema(schema)) throw new Refusal("schema", [], meta.errorsText(meta.errors));
  const regExp = (source) => patterns.get(source) ?? re2Of(source, [], maxPatternChars);
  regExp.code = "re2js";
  let validate;
  try {
    // Without Ajv's code optimisation passes: compiling 1,000 subschemas took 5 to 8 s with them
    // on a loaded machine, under 1.6 s without (the code they would tidy checks the same).
    validate = new engines[draft]({ ...options, validateSchema: false, code: { regExp, optimize: false } }).compile(schema);
  } catch (error) {
    throw new Refusal("schema", [], String(error?.message ?? error));
  }
  compiled.set(key, validate);
  while (compiled.size > cacheLimit) compiled.delete(compiled.keys().next().value);
  return validate;
}

function problemOf(validate, value) {
  if (validate(value)) return null;
  const first = validate.errors?.[0];
  return first ? `${first.instancePath || "the value"} ${first.message ?? "is not valid"}` : "not valid";
}

function answer(message) {
  const { op, key, schema, draft, value, maxPatternChars } = message;
  if (op === "state") {
    const meta = Object.values(metaValidators);
    return { state: { cached: compiled.size, cacheLimit, sharedSchemas: meta.reduce((n, ajv) => n + Object.keys(ajv.schemas).length + Object.keys(ajv.refs).length, 0) } };
  }
  if (op === "cache-limit") {
    cacheLimit = message.limit;
    return { ok: true };
  }
  const validate = compile(key, schema, draft, maxPatternChars);
  return op === "check" ? { problem: problemOf(validate, value) } : { ok: true };
}

parentPort.on("message", (message) => {
  try {
    parentPort.postMessage(answer(message));
  } catch (error) {
    const refusal = error instanceof Refusal ? error : new Refusal("schema", [], String(error?.message ?? error));
    parentPort.postMessage({ refusal: { kind: refusal.kind, path: refusal.path, detail: refusal.message } });
  }
});
