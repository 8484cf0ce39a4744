// One image URL rule for every door: https or data:image/, nothing else.
import { describe, expect, it } from "vitest";
import { chatCompletionRequest } from "./openai-schema";
import { generationRequest } from "./schema";

const openai = (url: string) => chatCompletionRequest.safeParse({ model: "vision", messages: [{ role: "user", content: [{ type: "image_url", image_url: { url } }] }] });
const native = (url: string) => generationRequest.safeParse({ product: "vision", messages: [{ role: "user", content: [{ type: "image", url }] }] });

describe("image URLs", () => {
  const refused = ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.5:8080/admin", "file:///etc/passwd", "ftp://example.com/a.png", "data:text/html,<b>x</b>", "gopher://x"];
  const taken = ["https://example.com/cat.png", "data:image/png;base64,iVBORw0KGgo="];

  it("the OpenAI door and the native door refuse the same schemes, naming the field", () => {
    for (const url of refused) {
      const a = openai(url);
      expect(a.success, url).toBe(false);
      expect(a.error?.issues[0].path).toEqual(["messages", 0, "content", 0, "image_url", "url"]);
      expect(native(url).success, url).toBe(false);
    }
    for (const url of taken) {
      expect(openai(url).success, url).toBe(true);
      expect(native(url).success, url).toBe(true);
    }
  });
});
