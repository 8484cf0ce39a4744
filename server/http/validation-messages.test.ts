import { describe, expect, it } from "vitest";
import { z } from "zod";
import { generationRequest } from "../ai/schema";
import { createInstanceInput, updateInstanceInput } from "../cloud/instances/schema";
import { createKeyInput } from "../keys/schema";
import { describeValidation, type Where } from "./validation-messages";

function report(schema: z.ZodType, input: unknown, where: Where = "body") {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected a refusal");
  return describeValidation(parsed.error, input, { where, schema });
}

const instance = { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: "ssh_x", hostname: "web-1" };

describe("describeValidation", () => {
  it("a missing field is required, with what to send from its description", () => {
    const { message, param } = report(createInstanceInput, { ...instance, ssh_key_id: undefined });
    expect(param).toBe("ssh_key_id");
    expect(message).toBe("`ssh_key_id` is required: an `ssh_...` id from GET /v1/ssh_keys.");
  });

  it("every missing field at once, param the first; an enum that is absent is missing, not wrong", () => {
    const { message, param } = report(createInstanceInput, {});
    expect(param).toBe("product");
    expect(message).toMatch(/^Missing required fields: `product` \(.*GET \/v1\/catalog\); `plan`.*; `region`.*; `ssh_key_id`.*; `hostname`/);
    expect(message).not.toContain("Invalid");
  });

  it("another API's names are unknown fields that say ours, and stand for the fields they replace", () => {
    const digitalOcean = report(createInstanceInput, { name: "web-1", region: "fra1", size: "s-1vcpu-1gb", image: "ubuntu-24.04", ssh_keys: ["x"] });
    expect(digitalOcean.param).toBe("name");
    expect(digitalOcean.message).toContain("Unknown field `name`: this API names the instance by its `hostname`.");
    expect(digitalOcean.message).toContain("Unknown field `size`: this API names the size in `plan`");
    // `image` is a field of ours too (an image of GET /v1/images), which leaves `product` to send.
    expect(digitalOcean.message).not.toContain("Unknown field `image`");
    expect(digitalOcean.message).toContain("`product` is required");
    const native = report(generationRequest, { model: "scholar", prompt: "hi" });
    expect(native).toMatchObject({ param: "model", message: "Unknown field `model`: this API names the product in `product`." });
    expect(report(generationRequest, { prompt: "hi", max_tokens: 5 }).message).toContain("`max_output_tokens`");
  });

  it("an alias applies only where its field exists: `name` beside `hostname`, not on a generation", () => {
    expect(report(generationRequest, { prompt: "hi", name: "x" }).message).toBe("Unknown field `name` in the body; remove it.");
  });

  it("OpenAI's image_url part is shown the image part of this API", () => {
    const asType = report(generationRequest, { messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "https://x/y.png" } }] }] });
    expect(asType.param).toBe("messages.0.content.0.type");
    expect(asType.message).toContain('{"type": "image", "url": "https://..."}');
    const asField = report(generationRequest, { messages: [{ role: "user", content: [{ type: "image", image_url: { url: "https://x/y.png" } }] }] });
    expect(asField.param).toBe("messages.0.content.0.image_url");
    expect(asField.message).toContain('{"type": "image", "url": "https://..."}');
    expect(asField.message).not.toContain("required");
  });

  it("wrong types and ranges in plain words", () => {
    const words = (input: object) => report(generationRequest, { prompt: "hi", ...input }).message;
    expect(words({ risk: "high" })).toBe("`risk` must be a number, not a string (sent: \"high\").");
    expect(words({ temperature: 5 })).toBe("`temperature` must be at most 2.");
    expect(words({ risk: -1 })).toBe("`risk` must be at least 0.");
    expect(words({ max_output_tokens: 1.5 })).toBe("`max_output_tokens` must be a whole number.");
    expect(words({ stream: "yes" })).toBe("`stream` must be true or false, not a string (sent: \"yes\").");
    expect(words({ review_of: "" })).toBe("`review_of` must not be empty.");
    expect(words({ task: "Bad Task" })).toBe("`task` must be 1 to 64 characters of a-z, 0-9, _ and - (sent: \"Bad Task\").");
    expect(report(generationRequest, { messages: [{ role: "bot", content: 5 }] }).message).toBe(
      "`messages.0.role` must be one of `system`, `user`, `assistant`, `tool` (sent: \"bot\"). `messages.0.content` must be a string or a list.",
    );
    expect(report(generationRequest, [1]).message).toBe("The body must be an object, not a list.");
  });

  it("a typo names the field meant", () => {
    const typo = report(createInstanceInput, { ...instance, hostnme: "x", hostname: undefined });
    expect(typo.param).toBe("hostnme");
    expect(typo.message).toMatch(/^Unknown field `hostnme` in the body: did you mean `hostname`\?/);
  });

  it("a typo of a nested field names the field meant, a longer form of the word included", () => {
    const nested = report(createKeyInput, { name: "k", scope: "read", rate_limits: { generation: 3 } });
    expect(nested.param).toBe("rate_limits.generation");
    expect(nested.message).toBe("Unknown field `rate_limits.generation` in the body: did you mean `generate`?");
    expect(report(createInstanceInput, { ...instance, hostnames: "x", hostname: undefined }).message).toMatch(/did you mean `hostname`\?/);
    expect(report(createKeyInput, { name: "k", scope: "read", rate_limits: { gpu: 3 } }).message).toBe("Unknown field `rate_limits.gpu` in the body; remove it.");
  });

  it("a rule over the whole body reads as a sentence of its own", () => {
    expect(report(updateInstanceInput, {}).message).toBe("Send at least one of plan, backups, hostname.");
  });

  it("a field it knows nothing about still gets a message (a schema added later needs no table)", () => {
    const later = z.strictObject({ widget_id: z.string().meta({ description: "A `wid_...` id from GET /v1/widgets." }), size: z.number().int().min(1).max(9) });
    expect(report(later, { size: 10 }).message).toBe("`widget_id` is required: a `wid_...` id from GET /v1/widgets. `size` must be at most 9.");
    expect(report(later, { widget_id: "x", size: 1, extra: 1, more: 2 }).message).toBe("Unknown fields `extra` and `more` in the body; remove them.");
  });

  it("keeps a schema's own message, and names a query parameter as one", () => {
    const query = z.strictObject({ start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a UTC day YYYY-MM-DD").optional() });
    expect(report(query, { start: "tomorrow" }, "query").message).toBe("`start` must be a UTC day YYYY-MM-DD (sent: \"tomorrow\").");
    expect(report(query, { strat: "x" }, "query").message).toBe("Unknown query parameter `strat`: did you mean `start`?");
    const own = z.strictObject({ password: z.string().min(12, "use at least 12 characters") });
    const { message, problems } = report(own, { password: "short" }, "input");
    expect(message).toBe("`password`: use at least 12 characters.");
    expect(problems[0].own).toBe("use at least 12 characters");
  });

  it("without the schema or the input (the console, the CLI) it still says what is missing", () => {
    const parsed = createInstanceInput.safeParse({ ...instance, ssh_key_id: undefined });
    if (parsed.success) throw new Error("expected a refusal");
    expect(describeValidation(parsed.error, undefined, { hasInput: false }).message).toBe("`ssh_key_id` is required.");
  });
});
