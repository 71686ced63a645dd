import { fuzzPart } from "./property-fuzz";

// Part 5 of the property-based fuzzing (why it is split: property-fuzz.ts).
fuzzPart(5);
