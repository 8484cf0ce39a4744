// Which compute driver runs an instance: the engine it was created on (fixed for its life), so an
// operator who switches COMPUTE_DRIVER keeps the instances made before. An Incus driver would be
// one more entry (README "Run it for real").
import "server-only";
import { env } from "../../env";
import type { Engine } from "../images";
import { dockerDriver } from "./docker/driver";
import { simulatedDriver } from "./simulated";
import { DriverRefusal, type ComputeDriver } from "./types";

const drivers: Record<Engine, ComputeDriver> = { simulated: simulatedDriver, docker: dockerDriver };

/** The engine new instances are created on. */
export const currentEngine = (): Engine => env.COMPUTE_DRIVER;

export function driverFor(engine: string): ComputeDriver {
  // A docker instance stays driven after COMPUTE_DRIVER changes back: DOCKER_HOST still names its engine.
  const driver = drivers[engine as Engine];
  if (!driver) throw new DriverRefusal(`This instance runs on the ${engine} engine, which this cloud does not drive.`);
  return driver;
}
