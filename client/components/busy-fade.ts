/**
 * A previous answer on screen while the next one loads (a table's rows, a tab's panel): faded
 * after 200 ms, so a quick answer does not flicker, and back at once; no transition under
 * reduced motion.
 */
export const FADED_WHILE_BUSY =
  "opacity-50 transition-opacity delay-200 duration-200 motion-reduce:transition-none";
