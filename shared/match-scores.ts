/*
 * The numbers of spec section 9's matching rules, and the scores built from them:
 * "Score = title similarity (weight 0.6) plus date closeness (0.3, plus a further 0.1 share).
 * Date closeness is 1 on the same day, 0.5 at 7 days, then decays exponentially with a 14-day
 * scale. Preview matches below confidence 0.5 are ignored. High-confidence at 0.75 or more or
 * reason exact-date-and-title. Confidence colours: green at 0.75 or more, yellow at 0.5 or more,
 * red below. Manual confidence: 70% word overlap plus 30% date (linear over 30 days)."
 *
 * Distances are whole calendar days in the organisation's time zone (zonedDayIndex), so "the
 * same day" means the same date on the organisation's calendar, whatever the hours.
 */

export const TITLE_WEIGHT = 0.6;
export const DATE_WEIGHT = 0.3;
/**
 * Our reading of "plus a further 0.1 share": the remaining tenth of the score goes to the date
 * too, as a same-calendar-day bonus (1 on the same day, else 0). The weights then total 1, a
 * same-day pair with identical titles scores exactly 1, and an exact day outranks a near one by
 * more than the closeness curve alone would.
 */
export const SAME_DAY_WEIGHT = 0.1;

export const PREVIEW_MIN_CONFIDENCE = 0.5;
export const HIGH_CONFIDENCE = 0.75;
export const MANUAL_TITLE_WEIGHT = 0.7;
export const MANUAL_DATE_WEIGHT = 0.3;
export const MANUAL_DATE_SPAN_DAYS = 30;

/**
 * Scores are sums of products of decimals, so a value that is mathematically on a threshold can
 * come out a hair below it in floating point (0.6 * 0.5 + 0.3 * 0.5 + 0.05 ...). Thresholds are
 * compared with this tolerance so that "at 0.75 or more" includes 0.75.
 */
export const SCORE_EPSILON = 1e-9;
export const atLeast = (value: number, threshold: number) => value >= threshold - SCORE_EPSILON;

/**
 * Date closeness for a distance of d days (continuous, decreasing):
 *   d = 0        -> 1
 *   0 < d <= 7   -> 1 - d / 14        (a straight line from 1 to 0.5 at 7 days)
 *   d > 7        -> 0.5 * e^(-(d - 7) / 14)   (exponential decay, 14-day scale, from 0.5)
 * Both pieces give 0.5 at 7 days, so there is no jump. Examples: 1 day 0.9286, 3 days 0.7857,
 * 14 days 0.3033, 21 days 0.1839, 35 days 0.0677.
 */
export function dateCloseness(days: number): number {
  const d = Math.abs(days);
  if (d <= 7) return 1 - d / 14;
  return 0.5 * Math.exp(-(d - 7) / 14);
}

/** The automatic-matching score of a pair from its title similarity and day distance. */
export function matchScore(titleSimilarity: number, dayDistance: number): number {
  const sameDay = dayDistance === 0 ? 1 : 0;
  return (
    TITLE_WEIGHT * titleSimilarity +
    DATE_WEIGHT * dateCloseness(dayDistance) +
    SAME_DAY_WEIGHT * sameDay
  );
}

/** Date part of a user-made pair: 1 on the same day, falling linearly to 0 at 30 days and beyond. */
export const manualDateScore = (dayDistance: number) =>
  Math.max(0, 1 - Math.abs(dayDistance) / MANUAL_DATE_SPAN_DAYS);

/** Confidence of a pair the user made on the board: 70 % word overlap + 30 % date. */
export const manualConfidence = (wordOverlap: number, dayDistance: number) =>
  MANUAL_TITLE_WEIGHT * wordOverlap + MANUAL_DATE_WEIGHT * manualDateScore(dayDistance);

export type MatchReason = "exact-date-and-title" | "same-day" | "nearby-date" | "similar-title";

export const isHighConfidence = (confidence: number, reason?: MatchReason) =>
  atLeast(confidence, HIGH_CONFIDENCE) || reason === "exact-date-and-title";

export type ConfidenceColor = "green" | "yellow" | "red";
export function confidenceColor(confidence: number): ConfidenceColor {
  if (atLeast(confidence, HIGH_CONFIDENCE)) return "green";
  if (atLeast(confidence, PREVIEW_MIN_CONFIDENCE)) return "yellow";
  return "red";
}

/** Confidence as the cards show it: a whole percent. */
export const confidencePercent = (confidence: number) => `${Math.round(confidence * 100)}%`;
