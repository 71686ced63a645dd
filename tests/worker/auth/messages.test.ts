import { describe, expect, it } from "vitest";
import { authErrorMessage } from "../../../shared/messages";

describe("authErrorMessage (the spec's authentication message table)", () => {
  it("maps every reason the table has words for", () => {
    expect(authErrorMessage("invalid_credentials")).toBe(
      "Invalid email or password. Please try again.",
    );
    expect(authErrorMessage("email_not_confirmed")).toBe(
      "Please check your email and confirm your account first.",
    );
    expect(authErrorMessage("rate_limited")).toBe(
      "Too many failed attempts. Please try again later.",
    );
    expect(authErrorMessage("user_already_exists")).toBe(
      "An account with this email already exists.",
    );
    expect(authErrorMessage("password_too_short")).toBe(
      "Password must be at least 8 characters long.",
    );
    expect(authErrorMessage("weak_password")).toBe(
      "Password is too weak. Please use a stronger password.",
    );
    expect(authErrorMessage("user_not_found")).toBe("No account found with this email address.");
    expect(authErrorMessage("same_password")).toBe(
      "New password must be different from your current password.",
    );
    expect(authErrorMessage("network")).toBe(
      "Connection error. Please check your internet connection and try again.",
    );
    expect(authErrorMessage("temporary_password_expired")).toBe(
      "Temporary password has expired. Please request a new password reset.",
    );
  });

  it("maps codes that stand for a row, falls back for anything else, and has words for null", () => {
    expect(authErrorMessage("RATE_LIMITED")).toBe(
      "Too many failed attempts. Please try again later.",
    );
    expect(authErrorMessage("NETWORK")).toBe(
      "Connection error. Please check your internet connection and try again.",
    );
    for (const other of ["INTERNAL", "something_new", "constructor", "toString", ""])
      expect(authErrorMessage(other)).toBe("Authentication failed. Please try again.");
    expect(authErrorMessage(null)).toBe("An unexpected error occurred");
    expect(authErrorMessage(undefined)).toBe("An unexpected error occurred");
  });
});
