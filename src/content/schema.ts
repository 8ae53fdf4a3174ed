import '../config/zod';
import { z } from 'zod';

const navigation = z.union([
  z.boolean(),
  z.looseObject({
    /** Title in the navigation; defaults to the page title. */
    title: z.string().optional(),
    layout: z.string().optional(),
  }),
]);

/**
 * Frontmatter of a Markdown page. Unknown fields are kept on the record
 * (authors may add their own), known ones are type-checked.
 */
export const frontmatterSchema = z.looseObject({
  /** Page title (h1, `<title>`, navigation). Defaults to the first h1 or the file name. */
  title: z.string().min(1).optional(),
  /** One-sentence summary for `<meta name="description">` and search. Default ''. */
  description: z.string().optional(),
  /** Layout name (`default` or `full`). */
  layout: z.string().optional(),
  /** Internal path or external URL the page sends the reader to. */
  redirect: z.string().min(1).optional(),
  /** false hides the page from the navigation tree. Default true. */
  navigation: navigation.optional(),
  /** Drafts exist in the database for preview but are never pre-rendered. Default false. */
  draft: z.boolean().optional(),
  /** Route guards by name (`auth`); a string is one guard. */
  middleware: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (typeof v === 'string' ? [v] : v))
    .optional(),
  /** Locale of the page; defaults to the folder locale or the site default. */
  locale: z.string().optional(),
});

export type FrontmatterInput = z.input<typeof frontmatterSchema>;
export type Frontmatter = z.output<typeof frontmatterSchema>;

export const dirConfigSchema = z.looseObject({
  /** Title of the folder in navigation. */
  title: z.string().optional(),
  /** Layout for every page below this folder. */
  layout: z.string().optional(),
  navigation: z
    .union([
      z.literal(false),
      z.looseObject({
        title: z.string().optional(),
        redirect: z.string().optional(),
        layout: z.string().optional(),
      }),
    ])
    .optional(),
});
