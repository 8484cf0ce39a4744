// Calls in one batched console request: the server refuses more, and the browser's batch link
// sends at most as many. Imports nothing, so the browser may import it too (vocab.test.ts).
export const MAX_BATCH = 10;
