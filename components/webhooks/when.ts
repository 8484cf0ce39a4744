/** A time of an endpoint or a delivery, in the reader's own locale. */
export const when = (iso: string) => new Date(iso).toLocaleString();
