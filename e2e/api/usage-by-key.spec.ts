// GET /api/public/v1/usage?group_by=key: the usage rows broken down by the API key that spent them,
// each with the key's id and name (null for usage without a key, such as instance hours).
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { generate, newTag, prompt } from "../fixtures/ai";
import { state } from "../fixtures/state";

type Row = { day: string; engine: string; project_id: string; key_id?: string | null; key_name?: string | null; requests: number; input_tokens: number; output_tokens: number; credits: number };

test("group_by=key: a key's generations are its own rows, with key_id and key_name", async () => {
  const { c } = state();
  const name = newTag("usage-key");
  const created = await call("POST", "/v1/api_keys", { key: c.readWriteKey, body: { name, scope: "read_write" } });
  expect(created.status).toBe(201);
  const { key, api_key } = created.body as { key: string; api_key: { id: string } };
  for (let i = 0; i < 2; i++) expect((await generate(key, { product: "fire", prompt: prompt(newTag("usage")) })).status).toBe(200);

  const res = await call("GET", "/api/public/v1/usage?group_by=key", { key: c.readKey });
  expect(res.status).toBe(200);
  const rows = res.body.data as Row[];
  for (const row of rows) expect(Object.keys(row)).toEqual(expect.arrayContaining(["key_id", "key_name"]));
  const mine = rows.filter((row) => row.key_id === api_key.id);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ day: new Date().toISOString().slice(0, 10), engine: "fire", project_id: c.projectId, key_name: name, requests: 2 });
  expect(mine[0].credits).toBeGreaterThan(0);

  const plain = await call("GET", "/api/public/v1/usage", { key: c.readKey });
  for (const row of plain.body.data as Row[]) expect(row).not.toHaveProperty("key_id");
});

test("group_by: anything but key → 400 invalid_body naming group_by", async () => {
  const res = await call("GET", "/api/public/v1/usage?group_by=project", { key: state().a.readKey });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: "invalid_body", param: "group_by" });
  expect(res.body.error.message).toContain("key");
});
