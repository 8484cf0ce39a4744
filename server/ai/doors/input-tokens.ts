// The input tokens a generation of a request would be metered for, counted the way a generation
// counts them (a slice at a time, stopping at the product's limit: a 1 MiB body never freezes the
// server); over the limit is the generation's own 413. Anthropic's count_tokens and the Responses
// door's input_tokens answer with it.
import "server-only";
import { answerRules } from "../answer-rules";
import { chooseProduct, hasImages, inputTooLarge, toMessages } from "../rules";
import type { GenerationInput } from "../schema";
import { countMessageTokensWithin, inputWithTools } from "../tokens";
import { products } from "../../vocab/products";

export async function countInputTokens(request: GenerationInput): Promise<number> {
  const messages = toMessages(request);
  const product = chooseProduct("completions", request.product, hasImages(messages));
  const { answer, responseSchema } = answerRules(request);
  const tokens = await countMessageTokensWithin(inputWithTools(messages, answer.tools?.tools, responseSchema), products[product].maxInputTokens);
  if (tokens === null) throw inputTooLarge("completions", product);
  return tokens;
}
