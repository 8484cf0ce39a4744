// The images an instance can be made from, per compute engine (GET /v1/images): the simulated
// engine pretends to have one per product; the docker engine has what `npm run engines -- up`
// builds. An image belongs to a product of the catalog, so `product` and `image` always agree.
import "server-only";
import { env } from "../env";
import { cloudProducts } from "./catalog";

export type Engine = "simulated" | "docker";
export type Image = { id: string; name: string; product: string; engine: Engine };

export const images: readonly Image[] = [
  { id: "debian-12-sshd", name: "Debian 12 with OpenSSH", product: "debian-12", engine: "docker" },
  ...cloudProducts.map((product) => ({ id: product.id, name: `${product.name} (simulated)`, product: product.id, engine: "simulated" as const })),
];

export const imagesOf = (engine: Engine) => images.filter((image) => image.engine === engine);
export const imageOf = (id: string) => images.find((image) => image.id === id);

/** What GET /v1/images lists: the images of the engine new instances are made on. */
export const currentImages = () => imagesOf(env.COMPUTE_DRIVER);
