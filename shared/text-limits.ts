/*
 * The longest texts people may type, shared by the server's schemas and the forms' `maxLength`,
 * so a form stops typing where the server would refuse. A plain file (no zod), as forms import
 * it; single constants rather than one object, so the bundler inlines the numbers.
 */
export const ORGANIZATION_NAME_MAX = 120;
export const PERSON_NAME_MAX = 200;
export const TITLE_MAX = 200;
export const SPREADSHEET_NAME_MAX = 200;
export const TAB_NAME_MAX = 100;
export const PHONE_NUMBER_MAX = 40;
/** A table's search box (the tables' `q`). */
export const SEARCH_MAX = 200;
/** A provider's API key (YouTube's are 39 characters; Simplecast's tokens a few hundred at most). */
export const API_KEY_MAX = 300;
