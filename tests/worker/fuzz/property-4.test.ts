import { fuzzPart } from "./property-fuzz";

// Part 4 of the property-based fuzzing (why it is split: property-fuzz.ts).
fuzzPart(4);
