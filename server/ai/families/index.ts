// The configured model families, loaded once per process from MODEL_FAMILIES_FILE.
import "server-only";
import { env } from "../../env";
import { DEFAULT_FAMILIES_FILE, loadFamilies, type FamiliesFile } from "./config";

const holder = globalThis as unknown as { switchyardFamilies?: FamiliesFile };

export function families(): FamiliesFile {
  holder.switchyardFamilies ??= loadFamilies(env.MODEL_FAMILIES_FILE ?? DEFAULT_FAMILIES_FILE);
  return holder.switchyardFamilies;
}
