import { describe, it, expect } from 'vitest';
import { sectionAt } from './toc-section';

describe('sectionAt: the section being read', () => {
  it('keeps a long section marked while none of its headings is on screen', () => {
    // Section 1's heading scrolled far above, section 2's far below.
    expect(sectionAt([-3000, -1200, 2400], 200)).toBe(1);
  });
  it('marks nothing above the first heading', () => {
    expect(sectionAt([400, 900], 200)).toBe(-1);
  });
  it('marks a heading once it passes the reading line', () => {
    expect(sectionAt([-10, 199, 201], 200)).toBe(1);
  });
  it('marks the last heading on screen at the bottom of the page', () => {
    expect(sectionAt([-800, 100, 500, 700], 200, true, 800)).toBe(3);
    expect(sectionAt([-800, 100, 500, 900], 200, true, 800)).toBe(2);
  });
});
