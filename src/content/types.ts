/** A node of a page's body tree: an element with a tag, or text. */
export type BodyNode = BodyElement | BodyText;

export interface BodyElement {
  type: 'element';
  /** HTML tag, or the name of an embedded component (`weapon-list`). */
  tag: string;
  props?: Record<string, string | number | boolean | string[]>;
  children: BodyNode[];
}

export interface BodyText {
  type: 'text';
  value: string;
}

/** One heading of the table of contents (h2 and h3). */
export interface TocEntry {
  id: string;
  depth: number;
  text: string;
}

export interface Body {
  type: 'root';
  children: BodyNode[];
  toc: TocEntry[];
}

/** Folder configuration from `_dir.yml`. */
export interface DirConfig {
  title?: string;
  layout?: string;
  navigation?: false | { title?: string; redirect?: string; layout?: string };
  [key: string]: unknown;
}

/** The record of one content file, as pages, the database and the API see it. */
export interface PageRecord {
  /** `content:` + file path with `/` replaced by `:`. */
  _id: string;
  /** The route, prefixes removed (`/rules/combat`). */
  _path: string;
  path: string;
  /** Path under content/ without extension, prefixes kept (`2.rules/4.combat`). */
  stem: string;
  _type: 'markdown' | 'yaml' | 'json';
  /** File path relative to the content folder. */
  _file: string;
  /** Folder route of the page (`/rules`; `/` at the top). */
  folder: string;
  locale: string;
  title: string;
  description: string;
  layout?: string;
  redirect?: string;
  middleware?: string[];
  /** Files whose name starts with `_`: never pages of their own. */
  partial: boolean;
  /** false hides the page from the navigation tree. */
  navigation: boolean | { title?: string; layout?: string };
  draft: boolean;
  body: Body;
  excerpt?: Body;
  [key: string]: unknown;
}

export interface NavNode {
  title: string;
  _path: string;
  stem: string;
  /** Layout set for this node and its descendants (from `_dir.yml` or frontmatter). */
  layout?: string;
  redirect?: string;
  /** True when a page record exists at this path (folders without index have none). */
  page: boolean;
  children?: NavNode[];
}

export interface Surround {
  prev: { title: string; _path: string } | null;
  next: { title: string; _path: string } | null;
}
