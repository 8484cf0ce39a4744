// The image a new instance is made from: the one asked for, or the product's first on this
// cloud's engine. Each refusal names the field to change and where the choices are listed.
import "server-only";
import { AppError } from "../../errors";
import { imageOf, imagesOf, type Engine } from "../images";
import type { CreateInstanceInput } from "./schema";

export function imageFor(engine: Engine, input: Pick<CreateInstanceInput, "product" | "image">): string {
  const offered = imagesOf(engine);
  const listed = offered.map((image) => `${image.id} (${image.product})`).join(", ");
  if (input.image === undefined) {
    const first = offered.find((image) => image.product === input.product);
    if (!first) throw new AppError("invalid_body", `This cloud's ${engine} engine has no image of ${input.product}; GET /v1/images lists what it has: ${listed}.`, { param: "product" });
    return first.id;
  }
  const image = imageOf(input.image);
  if (!image || image.engine !== engine) throw new AppError("invalid_body", `The image ${input.image} is not offered on this cloud's ${engine} engine; GET /v1/images lists ${listed}.`, { param: "image" });
  if (image.product !== input.product) throw new AppError("invalid_body", `The image ${image.id} is of product ${image.product}; send product \`${image.product}\` with it.`, { param: "image" });
  return image.id;
}
