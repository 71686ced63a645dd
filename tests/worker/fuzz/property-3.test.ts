import { fuzzPart } from "./property-fuzz";

// Part 3 of the property-based fuzzing (why it is split: property-fuzz.ts).
fuzzPart(3);
