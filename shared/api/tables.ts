import { deletedResponseSchema, idsBodySchema } from "../schemas/common";
import {
  seasonsQuerySchema,
  seasonsResponseSchema,
  tableExportQuerySchemas,
  tablePageSchemas,
  tableQuerySchemas,
} from "../schemas/tables";
import type { TableName } from "../table-columns";
import { failures, file, jsonBody, orgParams, responds, routesOf } from "./define";

const route = routesOf("tables");

/** A page of table T: its own row schema and sort keys (from the column catalogue). */
const pageRoute = <T extends TableName>(table: T) =>
  route({
    method: "get",
    path: `/orgs/{orgId}/tables/${table}` as `/orgs/{orgId}/tables/${T}`,
    summary: `A page of ${table}: searched, filtered and sorted on the server`,
    request: { params: orgParams, query: tableQuerySchemas[table] },
    responses: responds(
      200,
      "The rows, the filtered total and which optional columns to show",
      tablePageSchemas[table],
    ),
  });

/** The whole filtered, sorted table T as one file, streamed. */
const exportRoute = <T extends TableName>(table: T) =>
  route({
    method: "get",
    path: `/orgs/{orgId}/tables/${table}/export` as `/orgs/{orgId}/tables/${T}/export`,
    summary: `Download every filtered ${table} row as CSV or JSON`,
    request: { params: orgParams, query: tableExportQuerySchemas[table] },
    responses: { 200: file("The file", "text/csv", "application/json"), ...failures },
  });

/** Deleting a channel or show deletes its videos or episodes and their history. */
const deleteRoute = <T extends "channels" | "shows">(table: T) =>
  route({
    method: "post",
    path: `/orgs/{orgId}/tables/${table}/delete` as `/orgs/{orgId}/tables/${T}/delete`,
    summary: `Delete ${table} with everything under them`,
    request: { params: orgParams, body: jsonBody(idsBodySchema()) },
    responses: responds(200, "How many were deleted", deletedResponseSchema),
  });

/** The dashboard's four tables. */
export const tablesApi = {
  pages: {
    channels: pageRoute("channels"),
    videos: pageRoute("videos"),
    shows: pageRoute("shows"),
    episodes: pageRoute("episodes"),
  },
  exports: {
    channels: exportRoute("channels"),
    videos: exportRoute("videos"),
    shows: exportRoute("shows"),
    episodes: exportRoute("episodes"),
  },
  seasons: route({
    method: "get",
    path: "/orgs/{orgId}/tables/episodes/seasons",
    summary: "The season numbers the episodes have (of the chosen shows, if any)",
    request: { params: orgParams, query: seasonsQuerySchema },
    responses: responds(200, "Season numbers, ascending", seasonsResponseSchema),
  }),
  deletes: { channels: deleteRoute("channels"), shows: deleteRoute("shows") },
};
