// Image URLs in a generation's messages, checked before an engine is asked to fetch them.
import "server-only";
import { AppError } from "../errors";
import { checkPublicUrl } from "../net/ssrf";
import type { ChatMessage } from "./providers/types";

/**
 * An engine asked to fetch an image URL may fetch it from inside a network (a self-hosted engine
 * sits there): an inline data:image/ URL, or an https URL that passes the address guard of
 * webhooks; every other scheme is refused here too, whatever door the request came through.
 */
export async function checkImageUrls(messages: ChatMessage[]): Promise<void> {
  for (const [i, message] of messages.entries()) {
    if (typeof message.content === "string") continue;
    for (const [j, part] of message.content.entries()) {
      if (part.type !== "image" || part.url.startsWith("data:image/")) continue;
      const param = `messages.${i}.content.${j}.url`;
      if (!part.url.startsWith("https://")) throw new AppError("invalid_body", `\`${param}\` must be an https:// or data:image/ URL.`, { param });
      await checkPublicUrl(part.url, { param, allowHttp: false, allowLoopback: false, rule: "images are fetched only from public addresses" });
    }
  }
}
