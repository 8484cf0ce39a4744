// Names other APIs use for our fields. A client that sends one gets an unknown-field error that
// says what we call it. An alias applies only where the field it points to exists (and, with
// `beside`, only next to those fields), so `size` is only read as DigitalOcean's on an instance.
import "server-only";
export type FieldAlias = {
  /** The name the client sent. */
  sent: string;
  /** Our field that means the same. */
  use: string;
  /** The hint after "unknown field `sent`: ". */
  hint: string;
  /** Fields that must exist beside `use` for the alias to apply. */
  beside?: string[];
};

const imagePart = 'an image part is `{"type": "image", "url": "https://..."}` here';

const pagingHint = "this API pages by `cursor` (pass the `next_cursor` of the previous page; the first page needs none)";

export const fieldAliases: FieldAlias[] = [
  { sent: "model", use: "product", hint: "this API names the product in `product`" },
  { sent: "max_tokens", use: "max_output_tokens", hint: "this API names it `max_output_tokens`" },
  { sent: "max_completion_tokens", use: "max_output_tokens", hint: "this API names it `max_output_tokens`" },
  // DigitalOcean's droplet create.
  { sent: "size", use: "plan", beside: ["hostname"], hint: "this API names the size in `plan` (a plan id of GET /v1/catalog)" },
  { sent: "name", use: "hostname", beside: ["plan"], hint: "this API names the instance by its `hostname`" },
  { sent: "ssh_keys", use: "ssh_key_id", hint: "this API takes one key in `ssh_key_id` (an `ssh_...` id from GET /v1/ssh_keys)" },
  // Other APIs' paging (Stripe's and OpenAI's `starting_after`, DigitalOcean's `page`): every list
  // takes `limit` and `cursor` (server/wire/page.ts).
  { sent: "starting_after", use: "cursor", beside: ["limit"], hint: pagingHint },
  { sent: "page", use: "cursor", beside: ["limit"], hint: pagingHint },
  // OpenAI's image part, `{type: "image_url", image_url: {url}}`.
  { sent: "image_url", use: "url", hint: imagePart },
];

/** Values other APIs use where we take another one (the discriminator of content parts). */
export const valueAliases: { field: string; sent: string; hint: string }[] = [{ field: "type", sent: "image_url", hint: imagePart }];

/** The alias for a field `sent` in an object whose fields are `known`, if one applies. */
export function aliasFor(sent: string, known: readonly string[]): FieldAlias | undefined {
  return fieldAliases.find((a) => a.sent === sent && known.includes(a.use) && (a.beside ?? []).every((f) => known.includes(f)));
}
