import { z } from "zod";

/*
 * Names and titles people type are shown to others (member lists, presence on the board, report
 * lists, emails, CSV files). Control characters (NUL, newlines, escape sequences) and the
 * bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), which can make "gpj.exe"
 * read as "exe.jpg" or reverse a name in someone else's list, have no place in them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const SAFE_TEXT_MESSAGE = "must not contain control or text-direction characters";

/**
 * A single-line text a person typed: trimmed, at most `max` characters, no unsafe characters.
 * `label` names the field in the refusal a person reads ("Organization name must be at most 120
 * characters"), where zod's own words ("Too big: expected string to have <=120 characters") named
 * nothing.
 */
export const plainText = (max: number, label = "Text") =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine((s) => !UNSAFE_TEXT.test(s), { message: `${label} ${SAFE_TEXT_MESSAGE}` });

/** True when a text has no control or text-direction characters. */
export const isSafeText = (s: string) => !UNSAFE_TEXT.test(s);
