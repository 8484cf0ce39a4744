// The console's navigation, in the product's words (README "The console" names them).
export const consoleLinks = [
  { href: "/overview", label: "Overview" },
  { href: "/usage", label: "Usage" },
  { href: "/activity", label: "Activity" },
  { href: "/playground", label: "Playground" },
  { href: "/instances", label: "Instances" },
  { href: "/ssh-keys", label: "SSH keys" },
  { href: "/domains", label: "Domains" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/billing", label: "Billing" },
  { href: "/keys", label: "API keys" },
  { href: "/security", label: "Security" },
];
