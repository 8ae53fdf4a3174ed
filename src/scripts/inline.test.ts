import { describe, it, expect } from 'vitest';
import { compact, THEME_BOOT } from './inline';

describe('inline scripts as pages carry them', () => {
  it('lose their comment lines and indentation, and nothing else', () => {
    const url = 'https://example.org/a';
    const text = compact`(function () {
      // a comment for the reader of the source
      var u = ${JSON.stringify(url)}; // kept: not a whole comment line
      if (u) {
        return u;
      }
    })();`;
    expect(text).toBe(`(function () {\nvar u = "${url}"; // kept: not a whole comment line\nif (u) {\nreturn u;\n}\n})();`);
    expect(new Function(`return ${text}`)()).toBe(url);
  });

  it('keep the colour-mode script whole: it parses and holds no comment', () => {
    expect(() => new Function(THEME_BOOT)).not.toThrow();
    expect(THEME_BOOT).not.toMatch(/^\s*\/\//m);
    expect(THEME_BOOT).toContain('localStorage.getItem("nucleus:color-mode")');
    // Minified: one line, no indentation (every page carries it).
    expect(THEME_BOOT).not.toMatch(/\n/);
  });
});
