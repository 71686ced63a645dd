export * from "./accounts";
export * from "./organizations";
export * from "./content";
export * from "./metrics";
export * from "./jobs";
export * from "./reports";
export * from "./multichannel";
export * from "./email";
