// The API reference as one HTML page rendered on the server from the OpenAPI document: no script,
// no framework payload, one small stylesheet inline; a reader gets text, not a bundle.
import { GUIDES, type Guide } from "./guides";
import { anchor, escape, inline, prose } from "./html";
import { errorCodeRows, errorFields, referenceModel, type Document, type OperationView, type ResponseView } from "./reference-model";
import { REFERENCE_STYLE } from "./reference-style";
import type { FieldRow } from "./schema-fields";

const method = (m: string) => `<span class="m ${m.toLowerCase()}">${m}</span>`;

/**
 * A table that wraps its text and, where it is still wider than the screen (a phone), scrolls
 * inside its own region: labelled and focusable, so a keyboard can scroll it too.
 */
const scrolling = (label: string, table: string) => `<div class="tw" role="region" aria-label="${escape(label)}" tabindex="0">${table}</div>`;

/** A code example: it scrolls sideways inside itself, so it can take the keyboard's focus. */
const example = (code: string) => `<pre tabindex="0">${escape(code)}</pre>`;

function fieldTable(rows: (FieldRow & { in?: string })[], label: string, location = false): string {
  if (!rows.length) return "";
  const head = `<tr><th>Name</th>${location ? "<th>In</th>" : ""}<th>Type</th><th>Required</th><th>Description</th></tr>`;
  const body = rows
    .map(
      (row) =>
        `<tr><td><code>${escape(row.name)}</code></td>${location ? `<td class="q">${escape(row.in ?? "")}</td>` : ""}<td class="t">${escape(row.type)}</td>` +
        `<td>${row.required ? "<b>required</b>" : '<span class="q">optional</span>'}</td><td>${prose(row.description, "span")}</td></tr>`,
    )
    .join("");
  return scrolling(label, `<table>${head}${body}</table>`);
}

function response(r: ResponseView, op: string): string {
  const ok = Number(r.status) < 400;
  if (!ok) return `<li><span class="s e">${r.status}</span> ${r.errorCodes.map((c) => `<code class="ec">${escape(c)}</code>`).join(" ")}</li>`;
  const media = r.media
    .map(
      (m) =>
        `<div class="md"><p class="q"><code>${escape(m.type)}</code>${m.schemaName ? ` — ${escape(m.schemaName)}` : ""}</p>${prose(m.description)}${fieldTable(m.fields, `${r.status} answer of ${op}`)}` +
        `${m.example ? example(m.example) : ""}</div>`,
    )
    .join("");
  const headers = r.headers.length ? `<p class="md q">Headers: ${r.headers.map(escape).join(", ")}</p>` : "";
  return `<li><span class="s">${r.status}</span> ${prose(r.description, "span")}${media}${headers}</li>`;
}

function operation(op: OperationView): string {
  const name = `${op.method} ${op.path}`;
  const scope = op.scope ? `scope <code>${escape(op.scope)}</code>${op.bucket === "generate" ? " · bucket generate" : ""}` : "no key";
  const body = op.body
    ? `<h4>Request body (application/json${op.body.schemaName ? `, ${escape(op.body.schemaName)}` : ""})</h4>${fieldTable(op.body.fields, `Body of ${name}`)}`
    : "";
  return (
    `<section class="op" id="${escape(op.id)}"><div class="oh">${method(op.method)}<code class="p">${escape(op.path)}</code><span class="sc">${scope}</span></div>` +
    `<h3>${escape(op.summary)}</h3>${prose(op.description)}` +
    `${op.parameters.length ? `<h4>Parameters</h4>${fieldTable(op.parameters, `Parameters of ${name}`, true)}` : ""}${body}` +
    `<h4>Example</h4>${example(op.curl)}` +
    `<h4>Responses</h4><ul class="rs">${op.responses.map((r) => response(r, name)).join("")}</ul></section>`
  );
}

/** The per-key limits of the default tier (the `tier_limits` row of `starter`), for the basics' example. */
export type ExampleLimits = { generate: number; api: number };

const basics = (limits: ExampleLimits) => [
  "Authenticate with `Authorization: Bearer swk_...`. A key belongs to one project and has scope `read` (GETs) or `read_write` (generation and every change); each operation below names the scope it needs.",
  `Every keyed answer carries \`RateLimit-Policy: "api";q=${limits.api};w=60\` and \`RateLimit: "api";r=${limits.api - 1};t=1\` (two buckets per key: \`generate\` for AI generation, ${limits.generate} a minute on the starter tier, \`api\` for the rest); a 429 adds \`Retry-After\`.`,
  "Every POST, PATCH and DELETE that needs a key takes an optional `Idempotency-Key` header (a streaming generation ignores it): a retry with the same key and request replays the stored answer (`Idempotent-Replayed: true`).",
  "A request body is at most 1 MiB (413 `input_too_large`); send images as `https://` URLs rather than `data:` URLs. A method a route does not take is 405 `method_not_allowed` with the route's methods in `Allow`.",
  "Every error, on every route, is this JSON envelope with the code named per operation below (and explained in the error codes table):",
];

function errorCodeTable(document: Document): string {
  const rows = errorCodeRows(document)
    .map((row) => `<tr id="error-${escape(row.code)}"><td><code>${escape(row.code)}</code></td><td>${row.status}</td><td>${inline(row.meaning)}</td><td>${inline(row.action)}</td></tr>`)
    .join("");
  return `<section class="op" id="error-codes"><h2>Error codes</h2>${scrolling("Error codes", `<table><tr><th>Code</th><th>HTTP</th><th>Meaning</th><th>What to do</th></tr>${rows}</table>`)}</section>`;
}

function guideTable(t: NonNullable<Guide["tables"]>[number]): string {
  const head = `<tr>${t.head.map((h) => `<th>${escape(h)}</th>`).join("")}</tr>`;
  const rows = t.rows.map((row) => `<tr>${row.map((cell) => `<td>${inline(cell)}</td>`).join("")}</tr>`).join("");
  return `${prose(t.caption, "p", "q")}${scrolling(t.caption, `<table>${head}${rows}</table>`)}`;
}

function guide(g: Guide): string {
  const examples = g.examples.map((e) => `${prose(e.caption, "p", "q")}${example(e.code)}`).join("");
  const tables = (g.tables ?? []).map(guideTable).join("");
  return `<section class="op" id="${escape(g.id)}"><h2>${escape(g.title)}</h2>${g.paragraphs.map((text) => prose(text)).join("")}${tables}${examples}</section>`;
}

export function referenceHtml(document: Document, limits: ExampleLimits): string {
  const tags = referenceModel(document);
  const guides = `<a class="tg" href="#error-codes">Error codes</a><a class="tg" href="#${GUIDES[0].id}">Guides</a><ul>${GUIDES.map((g) => `<li><a href="#${escape(g.id)}"><span>${escape(g.title)}</span></a></li>`).join("")}</ul>`;
  const nav = tags
    .map(
      (tag) =>
        `<a class="tg" href="#${anchor(tag.name)}">${escape(tag.name)}</a><ul>` +
        tag.operations.map((op) => `<li><a href="#${escape(op.id)}">${method(op.method)}<span>${escape(op.summary)}</span></a></li>`).join("") +
        "</ul>",
    )
    .join("");
  const sections = tags
    .map((tag) => `<section id="${anchor(tag.name)}"><h2>${escape(tag.name)}</h2>${prose(tag.description, "p", "q")}${tag.operations.map(operation).join("")}</section>`)
    .join("");
  const { info } = document;
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">` +
    `<title>API reference · Switchyard</title><style>${REFERENCE_STYLE}</style></head><body><div class="w"><nav aria-label="Reference">${guides}${nav}</nav><main>` +
    `<header><h1>${escape(info.title)}</h1>${prose(info.description)}<p class="q">Version ${escape(info.version)} · the machine-readable document: ` +
    `<a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI 3.1)</p></header>` +
    `<section class="op"><h2>Basics</h2>${basics(limits).map((text) => prose(text)).join("")}${fieldTable(errorFields(document), "Fields of an error")}</section>` +
    errorCodeTable(document) +
    `${GUIDES.map(guide).join("")}${sections}</main></div></body></html>`
  );
}
