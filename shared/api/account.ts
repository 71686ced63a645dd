import {
  activeOrganizationBodySchema,
  invitationAnswerParamsSchema,
  profileBodySchema,
} from "../schemas/account";
import { meResponseSchema } from "../schemas/auth";
import { fileUpload, jsonBody, responds, routesOf } from "./define";

const route = routesOf("account");

/**
 * The signed-in person's own account (spec: Account Settings). Each answers the updated /me, so
 * the header, the switcher and the banner follow at once.
 */
export const accountApi = {
  updateProfile: route({
    method: "patch",
    path: "/account/profile",
    summary: "Change one's phone number (empty saves none) or name",
    request: { body: jsonBody(profileBodySchema) },
    responses: responds(200, "The updated /me", meResponseSchema),
  }),
  uploadAvatar: route({
    method: "post",
    path: "/account/avatar",
    summary: "Replace one's picture (an image of at most 5 MB, checked by content)",
    request: { body: fileUpload },
    responses: responds(200, "The updated /me", meResponseSchema),
  }),
  removeAvatar: route({
    method: "delete",
    path: "/account/avatar",
    summary: "Remove one's picture",
    responses: responds(200, "The updated /me", meResponseSchema),
  }),
  setActiveOrganization: route({
    method: "post",
    path: "/account/active-organization",
    summary: "Switch the active organisation (remembered for the next sign-in)",
    request: { body: jsonBody(activeOrganizationBodySchema) },
    responses: responds(200, "/me for that organisation", meResponseSchema),
  }),
  answerInvitation: route({
    method: "post",
    path: "/account/invitations/{invitationId}/{answer}",
    summary: "Accept or decline an invitation (accepting is the only way to join)",
    request: { params: invitationAnswerParamsSchema },
    responses: responds(200, "The updated /me", meResponseSchema),
  }),
};
