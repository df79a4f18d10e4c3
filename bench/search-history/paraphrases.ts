/** Twenty questions of the test half reworded as a person would ask them (keyed by commit); see docs/search.md. */
export const PARAPHRASES: ReadonlyArray<{ repo: string; commit: string; text: string }> = [];
