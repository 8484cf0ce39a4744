// An API message as the console shows it: the API's messages name fields in backticks and point at
// resources by id, which reads like a developer's note on a page. The console drops the backticks
// and says what an id is instead ("ssh_01m8…" → "another SSH key"); the API's own text is unchanged.
// A value the caller sent comes in double quotes (server/vocab/quoted.ts) and is left exactly as it
// is, backticks and ids inside it included: it is theirs, not our wording.
const idWords: Record<string, string> = {
  prj: "a project", key: "an API key", ins: "an instance", act: "an action", snap: "a snapshot", bkp: "a backup",
  ssh: "another SSH key", dom: "a domain", rec: "a record", whk: "a webhook", evt: "an event", dlv: "a delivery",
  gen: "a generation", wsp: "a workspace", usr: "a member", run: "a run", txn: "a movement",
};

const id = /\b(prj|key|ins|act|snap|bkp|ssh|dom|rec|whk|evt|dlv|gen|wsp|usr|run|txn)_[0-9a-z]{8,}\b/g;
/** A quoted value (JSON-escaped, so `\"` does not end it), or a backticked name. */
const quotedOrNamed = /("(?:[^"\\]|\\.)*")|`([^`]*)`/g;

/** Our own words: ids said as what they are. */
const ours = (text: string) => text.replace(id, (_, prefix: string) => idWords[prefix] ?? "another one");

export function plainMessage(message: string): string {
  let plain = "";
  let last = 0;
  for (const match of message.matchAll(quotedOrNamed)) {
    plain += ours(message.slice(last, match.index)) + (match[1] ?? ours(match[2]));
    last = match.index + match[0].length;
  }
  plain += ours(message.slice(last));
  if (/^(Failed to fetch|NetworkError|Load failed|fetch failed)/i.test(plain)) return "Switchyard could not be reached. Check your connection and try again.";
  return plain;
}
