import { fuzzPart } from "./property-fuzz";

// Part 1 of the property-based fuzzing (why it is split: property-fuzz.ts).
fuzzPart(1);
