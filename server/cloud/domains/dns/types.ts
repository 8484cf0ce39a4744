// A name server the service writes zones to (DNS_DRIVER): given a zone's record sets it makes the
// zone hold exactly those; dropping a zone it does not hold is done. Without one (`stored`, the
// default), records are kept and listed and no name server answers for them (`served: false`).
import "server-only";
import type { RRset } from "./rrsets";

export type NameServer = {
  write(zone: string, rrsets: RRset[]): Promise<void>;
  drop(zone: string): Promise<void>;
  /** The zones it holds (to find drift: a zone removed behind the service's back). */
  zones(): Promise<string[]>;
};
