// How much one request may carry: the body cap that parse-body enforces while reading, and that
// the AI API's inline images must fit within.
import "server-only";
export const MAX_BODY_BYTES = 1024 * 1024;
