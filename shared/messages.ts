/*
 * The product's messages, word for word from the spec (section 8), keyed by the stable
 * `reason` the API puts in its error envelope. The client picks the words by reason or code,
 * never by matching English text from the server.
 */

export const authMessages = {
  invalid_credentials: "Invalid email or password. Please try again.",
  email_not_confirmed: "Please check your email and confirm your account first.",
  rate_limited: "Too many failed attempts. Please try again later.",
  user_already_exists: "An account with this email already exists.",
  password_too_short: "Password must be at least 8 characters long.",
  weak_password: "Password is too weak. Please use a stronger password.",
  user_not_found: "No account found with this email address.",
  same_password: "New password must be different from your current password.",
  network: "Connection error. Please check your internet connection and try again.",
  temporary_password_expired:
    "Temporary password has expired. Please request a new password reset.",
} as const;
export type AuthReason = keyof typeof authMessages;

export const AUTH_FALLBACK_MESSAGE = "Authentication failed. Please try again.";
export const NULL_ERROR_MESSAGE = "An unexpected error occurred";

/** Error codes (shared/errors.ts, plus the client's NETWORK) that stand for a row of the table. */
const reasonForCode = new Map<string, AuthReason>([
  ["RATE_LIMITED", "rate_limited"],
  ["NETWORK", "network"],
]);

const isAuthReason = (value: string): value is AuthReason => Object.hasOwn(authMessages, value);

/**
 * The authentication message table: pass the envelope's `reason` (or its `code` when there is
 * none). A known reason or code gets its words, anything else the fallback, null the null words.
 */
export function authErrorMessage(reasonOrCode: string | null | undefined): string {
  if (reasonOrCode === null || reasonOrCode === undefined) return NULL_ERROR_MESSAGE;
  if (isAuthReason(reasonOrCode)) return authMessages[reasonOrCode];
  const byCode = reasonForCode.get(reasonOrCode);
  return byCode ? authMessages[byCode] : AUTH_FALLBACK_MESSAGE;
}

export const linkMessages = {
  invalidResetLink: "Invalid or expired reset link. Please request a new password reset.",
  invalidInviteLink: "Invalid or expired invitation link. Please contact your administrator.",
  resetFailed: "Failed to reset password",
  selfResetFailed: "Failed to send password reset email",
  selfResetSent:
    "If an account with that email exists, a password reset email with a temporary password has been sent.",
  adminResetSent: (email: string) =>
    `Password reset successfully. A temporary password has been sent to ${email}.`,
  adminResetEmailFailed:
    "Password reset successfully, but email could not be sent. Please contact the user directly.",
  welcomeSuccess: "Welcome! Your account has been set up successfully.",
  invalidSessionReset: "Invalid session. Please request a new password reset.",
  invalidSessionInvite: "Invalid session. Please request a new invitation.",
  passwordMinLength: "Password must be at least 8 characters long",
  passwordsDoNotMatch: "Passwords do not match",
} as const;

export const authSuccessMessages = {
  accountCreated: "Account created! Please check your email to verify your account.",
  resetInstructionsSent: "Password reset instructions have been sent to your email.",
  welcomeBack: "Welcome back!",
  signedOut: "Signed out successfully",
  emailConfirmed: "Email confirmed. You can sign in now.",
} as const;

export const storeErrors = {
  initialize: "Failed to initialize auth state",
  signOut: "Failed to sign out",
  updateProfile: "Failed to update profile",
  updateOrganization: "Failed to update organization",
  updateUserOrganization: "Failed to update user organization",
} as const;

export const profileMessages = {
  uploadAvatarFailed: "Failed to upload avatar",
  removeAvatarFailed: "Failed to remove avatar",
  noAvatar: "No avatar to remove",
  invalidAvatarUrl: "Invalid avatar URL",
  updatePasswordFailed: "Failed to update password",
  updateProfileFailed: "Failed to update profile",
  avatarUpdated: "Avatar updated successfully",
  avatarRemoved: "Avatar removed successfully",
  passwordUpdated: "Password updated successfully",
  profileUpdated: "Profile updated successfully",
  notAnImage: "Please upload an image file",
  fileTooLarge: "File size must be less than 5MB",
  profileNotLoaded: "Profile not loaded. Please try again.",
  currentPasswordIncorrect: "Current password is incorrect",
  newPasswordsDoNotMatch: "New passwords do not match",
  /** ARCHITECTURE section 8: 8 characters everywhere, Account Settings included. */
  passwordMinLength: "Password must be at least 8 characters",
  noValidSession: "No valid session found",
} as const;

export const updateLogMessages = {
  loadFailed: "Failed to load update logs",
  empty: "No update logs available.",
} as const;
