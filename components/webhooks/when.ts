// A time of an endpoint or a delivery as text (an aria-label): the console's one format.
export { formatTime as when } from "@/components/console/format-time";
