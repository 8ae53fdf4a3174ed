// Nucleus reads content/ with its own pipeline (src/content/), not Astro's
// content collections. Declaring none stops Astro from treating the
// src/content/ code folder as a legacy collection folder.
export const collections = {};
