// The service's clock for the periods of key credit limits: the machine's, moved ahead by
// TEST_CLOCK_OFFSET_SECONDS in tests (env.ts lets that only with ALLOW_TEST_CLOCK). Every statement
// that finds a key's spend period is given this moment (spend_period in the migrations), never
// the database's now(), so one clock decides which day, week or month a hold counts on.
import "server-only";
import { env } from "./env";

export function clockNow(): Date {
  return new Date(Date.now() + env.TEST_CLOCK_OFFSET_SECONDS * 1000);
}
