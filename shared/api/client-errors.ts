import { clientErrorReportSchema } from "../schemas/client-errors";
import { failures, jsonBody, routesOf } from "./define";

// Open to signed-out pages too: the sign-in screen can fail as well.
const route = routesOf("client-errors", { public: true });

/** Errors the browser caught, written to the Worker's log (size-capped, rate-limited). */
export const clientErrorsApi = {
  report: route({
    method: "post",
    path: "/client-errors",
    summary: "Report an error the browser caught (at most 16 KB, 20 a minute per address)",
    request: { body: jsonBody(clientErrorReportSchema) },
    responses: { 204: { description: "Written to the log" }, ...failures },
  }),
};
