/*
 * Mid-way faults for the fault-injection tests. A key `sandbox-fault-<fault>-at-<operation>` is a
 * valid key for every call except the named operation, which answers as the plain magic key
 * `sandbox-<fault>` would. So an ingestion gets well under way (channel read, uploads listed)
 * before the provider starts failing, which is where a half-written channel would come from.
 */
const FAULT_KEY = /^sandbox-fault-(rate-limited|server-error|malformed-json|timeout)-at-([a-z-]+)$/;

/** The key an emulator should act on for this operation. */
export function keyForOperation(key: string, operation: string): string {
  const fault = FAULT_KEY.exec(key);
  if (!fault) return key;
  return fault[2] === operation ? `sandbox-${fault[1]}` : key;
}

export const faultKey = (
  fault: "rate-limited" | "server-error" | "malformed-json" | "timeout",
  operation: string,
) => `sandbox-fault-${fault}-at-${operation}`;
