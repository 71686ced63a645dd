/*
 * Closed value sets shared by the drizzle columns (text({ enum })) and the zod schemas, so the
 * database and the API can never disagree about what a status or role may be.
 */
export const roles = ["admin", "standard"] as const;
export const invitationStatuses = ["pending", "declined"] as const;
export const integrationTypes = ["youtube", "simplecast"] as const;
export const integrationStatuses = ["active", "pending", "error"] as const;
export const platforms = ["youtube", "simplecast", "multi-channel"] as const;
export const exportTypes = ["one-time", "recurring"] as const;
export const frequencies = ["daily", "weekly", "monthly"] as const;
export const reportStatuses = ["queued", "generating", "completed", "failed"] as const;
export const reportFileKinds = [
  "parent_csv",
  "child_csv",
  "json",
  "matches_csv",
  "comprehensive_csv",
] as const;
export const previewStatuses = ["draft", "completed"] as const;
export const jobStatuses = ["queued", "running", "succeeded", "failed"] as const;
export const authTokenKinds = ["confirm_email", "recovery", "invite"] as const;
export const authAttemptKinds = ["signin_failure", "reset_request", "signup"] as const;
export const emailStatuses = ["outbox", "sent", "failed"] as const;
export const googleConnectionStatuses = ["active", "error"] as const;
export const scheduleRunStatuses = ["queued", "running", "succeeded", "failed"] as const;

export type Role = (typeof roles)[number];
export type IntegrationType = (typeof integrationTypes)[number];
export type IntegrationStatus = (typeof integrationStatuses)[number];
export type Platform = (typeof platforms)[number];
export type ReportStatus = (typeof reportStatuses)[number];
export type JobStatus = (typeof jobStatuses)[number];
export type AuthTokenKind = (typeof authTokenKinds)[number];
