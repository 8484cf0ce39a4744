// The generation endpoints, `POST /api/public/v1/ai/<endpoint>`; the console's playground offers
// the same ones. Imports nothing, so the browser may import it too (vocab.test.ts).
export const endpoints = ["completions", "code", "review"] as const;
export type Endpoint = (typeof endpoints)[number];
