// Types for generate-organization.mjs (imported by tests/unit/move-organization-script.test.ts).
export function generateOrganization(
  db: D1Database,
  size?: { videos?: number; days?: number; episodes?: number },
): Promise<string>;
