import { z } from "zod";

/** Bulk deletes: the selected rows' ids (the message is the spec's for an empty selection). */
export const idsBodySchema = (message = "Select at least one row", max = 500) =>
  z.object({ ids: z.array(z.string().uuid()).min(1, { message }).max(max) });
/** How many of the selected rows were deleted (rows already gone or not yours count as none). */
export const deletedResponseSchema = z.object({ deleted: z.number() });
